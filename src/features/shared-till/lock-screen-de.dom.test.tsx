// The lock screen in German (issue 35): its title, the question, the staff tiles' roles, the PIN pad and the
// wrong-PIN sentence (an ICU plural from src/domain/pin-lockout.ts and pin-check.ts) come from the catalogue.
import '@testing-library/jest-dom/vitest';
import { afterEach, expect, test } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { loadMessages } from '../../lib/i18n/catalogs';
import { LockScreen } from './lock-screen';
import { world } from './shared-till-test-world';

afterEach(() => {
  cleanup();
  i18n.activate('en');
});

test('the lock screen speaks German: question, roles, PIN pad and the wrong-PIN count', async () => {
  i18n.loadAndActivate({ locale: 'de', messages: await loadMessages('de') });
  const { deps } = await world();
  const user = userEvent.setup();
  render(<LockScreen deps={deps} />);
  expect(await screen.findByRole('heading', { name: 'Kasse gesperrt' })).toBeInTheDocument();
  const list = await screen.findByRole('group', { name: 'Wer verkauft?' });
  expect(
    within(list)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Cara · Kassierer', 'Max Manager · Filialleiter']);
  await user.click(within(list).getByRole('button', { name: /^Cara/ }));
  expect(screen.getByRole('group', { name: 'Ziffernblock' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Löschen' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Nicht Cara?' })).toBeInTheDocument();
  await user.type(screen.getByLabelText('PIN'), '1234');
  await user.click(screen.getByRole('button', { name: 'Entsperren' }));
  expect(await screen.findByText('Falsche PIN. Noch 4 Versuche.')).toBeInTheDocument();
});
