// Camera scanning at the register: where the browser has BarcodeDetector the dialog opens the camera and a
// code it reads lands in the cart like a hardware scan; where it has none, the code is typed by hand.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RegisterScreen } from '../register-screen';
import { registerWorld, withFakeLayout, person } from '../register-test-deps';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
// Person-paced typing and clicking on a shared, busy machine takes longer than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });
withFakeLayout();

async function openRegister() {
  const world = await registerWorld({ scanner: { minLength: 6, maxGapMs: 20 } });
  render(<RegisterScreen deps={world.deps} />);
  await screen.findByText(/The cart is empty/);
  return world;
}

describe('camera scanning', () => {
  test('without BarcodeDetector the dialog takes the code by hand', async () => {
    await openRegister();
    const user = person();
    await user.click(screen.getByRole('button', { name: 'Scan with camera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan a barcode' });
    expect(dialog).toHaveTextContent('cannot read barcodes with the camera');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Type the digits');

    await user.type(within(dialog).getByLabelText('Barcode'), '3017620422003');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByLabelText('Quantity of Baguette')).toHaveValue('1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('with BarcodeDetector the camera reads the code, adds the product and is switched off', async () => {
    const stopTrack = vi.fn();
    const getUserMedia = vi.fn(() => Promise.resolve({ getTracks: () => [{ stop: stopTrack }] }));
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    let looks = 0;
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        detect() {
          looks += 1;
          // The first frames show no code yet.
          return Promise.resolve(looks < 3 ? [] : [{ rawValue: '4006381333931' }]);
        }
      },
    );
    try {
      await openRegister();
      await person().click(screen.getByRole('button', { name: 'Scan with camera' }));
      expect(await screen.findByLabelText('Quantity of Croissant', {}, { timeout: 3000 })).toHaveValue('1');
      expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
      expect(stopTrack).toHaveBeenCalled();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });
});
