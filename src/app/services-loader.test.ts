// The app services start once, whoever asks first, and a failed start (an unreachable chunk) is retried.
import { expect, test } from 'vitest';
import type { AppServices } from '../routes/-router-context';
import type { StartedServices } from './app-services';
import { servicesLoader } from './services-loader';

const services = { sync: { name: 'sync' } } as unknown as AppServices;
const started: StartedServices = { services, databasesRead: Promise.resolve() };

test('starts once for every caller and tells its subscribers', async () => {
  let starts = 0;
  const loader = servicesLoader(() => {
    starts += 1;
    return Promise.resolve(started);
  });
  let told = 0;
  loader.subscribe(() => {
    told += 1;
  });
  expect(loader.current()).toBeNull();
  await Promise.all([loader.load(), loader.load(), loader.databasesRead()]);
  expect(starts).toBe(1);
  expect(told).toBe(1);
  expect(loader.current()).toBe(services.sync);
});

test('a failed start is tried again by the next caller', async () => {
  let starts = 0;
  const loader = servicesLoader(() => {
    starts += 1;
    return starts === 1 ? Promise.reject(new Error('chunk unreachable')) : Promise.resolve(started);
  });
  await expect(loader.load()).rejects.toThrow('chunk unreachable');
  expect(await loader.load()).toBe(services);
  expect(starts).toBe(2);
});
