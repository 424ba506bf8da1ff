// Account security in settings: change password, two-step verification on and off, Google link state.
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../../tests/support/render-app';
import { authError, makeSession } from '../../../../tests/support/fake-auth';

interface Factor {
  id: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
}

function openSettings(
  factors: Factor[] = [],
  identities: object[] = [{ provider: 'email', identity_data: {} }],
) {
  const app = renderApp('/dashboard/settings', { session: makeSession() });
  const calls: unknown[][] = [];
  const state = { factors };
  const auth = app.supabase.auth as unknown as Record<string, unknown>;
  auth.updateUser = (attributes: unknown) => {
    calls.push(['updateUser', attributes]);
    return Promise.resolve({ data: { user: makeSession().user }, error: null });
  };
  auth.getUserIdentities = () => Promise.resolve({ data: { identities }, error: null });
  auth.mfa = {
    listFactors: () => Promise.resolve({ data: { all: state.factors, totp: state.factors }, error: null }),
    enroll: (params: unknown) => {
      calls.push(['enroll', params]);
      state.factors = [{ id: 'f-new', factor_type: 'totp', status: 'unverified' }];
      const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#fff"/></svg>';
      return Promise.resolve({
        data: {
          id: 'f-new',
          totp: { qr_code: `data:image/svg+xml;utf-8,${svg}`, secret: 'JBSWY3DPEHPK3PXP', uri: 'x' },
        },
        error: null,
      });
    },
    challengeAndVerify: (params: unknown) => {
      calls.push(['challengeAndVerify', params]);
      state.factors = [{ id: 'f-new', factor_type: 'totp', status: 'verified' }];
      return Promise.resolve({ data: {}, error: null });
    },
    unenroll: (params: unknown) => {
      calls.push(['unenroll', params]);
      state.factors = [];
      return Promise.resolve({ data: {}, error: null });
    },
  };
  return { app, calls, user: userEvent.setup() };
}

async function card(name: string) {
  const section = (await screen.findByRole('heading', { name })).closest('section');
  if (!section) throw new Error(`no ${name} card`);
  return within(section);
}

const passwordCard = () => card('Password');

describe('account security', () => {
  test('[ACCOUNT-1] change password asks for the current password, checks both fields match, then saves', async () => {
    const { calls, user } = openSettings();
    const card = await passwordCard();
    await user.type(card.getByLabelText('New password'), 'new-password');
    await user.type(card.getByLabelText('Confirm new password'), 'new-password');
    await user.click(card.getByRole('button', { name: 'Change password' }));
    expect(card.getByText('Type your current password.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(card.getByLabelText('New password'));
    await user.clear(card.getByLabelText('Confirm new password'));
    await user.type(card.getByLabelText('Current password'), 'demo-password');
    await user.type(card.getByLabelText('New password'), 'new-password');
    await user.type(card.getByLabelText('Confirm new password'), 'other-password');
    await user.click(card.getByRole('button', { name: 'Change password' }));
    expect(card.getByText('The two passwords do not match.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(card.getByLabelText('Confirm new password'));
    await user.type(card.getByLabelText('Confirm new password'), 'new-password');
    await user.click(card.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(calls).toEqual([['updateUser', { password: 'new-password', current_password: 'demo-password' }]]);
  });

  test('[ACCOUNT-1] a wrong current password says so in words and changes nothing', async () => {
    const { calls, user } = openSettings();
    const card = await passwordCard();
    await user.type(card.getByLabelText('Current password'), 'a-guess');
    await user.type(card.getByLabelText('New password'), 'new-password');
    await user.type(card.getByLabelText('Confirm new password'), 'new-password');
    await user.click(card.getByRole('button', { name: 'Change password' }));
    expect(
      await card.findByText('Your current password is not right. Nothing was changed.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  test('[ACCOUNT-1] the server refusing the current password reads the same', async () => {
    const { app, user } = openSettings();
    const auth = app.supabase.auth as unknown as Record<string, unknown>;
    auth.updateUser = () =>
      Promise.resolve({
        data: { user: null },
        error: authError(
          'current_password_invalid',
          'Current password required when setting new password.',
          400,
        ),
      });
    const card = await passwordCard();
    await user.type(card.getByLabelText('Current password'), 'demo-password');
    await user.type(card.getByLabelText('New password'), 'new-password');
    await user.type(card.getByLabelText('Confirm new password'), 'new-password');
    await user.click(card.getByRole('button', { name: 'Change password' }));
    expect(await card.findByRole('alert')).toHaveTextContent(
      'Your current password is not right. Nothing was changed.',
    );
  });

  test('an account with no password yet (Google only) sets one without a current password', async () => {
    const { calls, user } = openSettings([], [{ provider: 'google', identity_data: {} }]);
    const card = await passwordCard();
    expect(await card.findByText(/has no password yet/)).toBeInTheDocument();
    expect(card.queryByLabelText('Current password')).toBeNull();
    await user.type(card.getByLabelText('New password'), 'new-password');
    await user.type(card.getByLabelText('Confirm new password'), 'new-password');
    await user.click(card.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(calls).toEqual([['updateUser', { password: 'new-password' }]]);
  });

  test('a refused password change is explained in plain words', async () => {
    const { app, user } = openSettings();
    const auth = app.supabase.auth as unknown as Record<string, unknown>;
    const card = await passwordCard();
    auth.updateUser = () =>
      Promise.resolve({
        data: { user: null },
        error: authError('same_password', 'New password should be different', 422),
      });
    await user.type(card.getByLabelText('Current password'), 'demo-password');
    await user.type(card.getByLabelText('New password'), 'same-password');
    await user.type(card.getByLabelText('Confirm new password'), 'same-password');
    await user.click(card.getByRole('button', { name: 'Change password' }));
    expect(await card.findByRole('alert')).toHaveTextContent(
      'The new password must be different from the current one.',
    );
  });

  test('[ACCOUNT-1] two-step verification: the current password, enrol with QR code and secret, confirm with a code, then turn it off with the password again', async () => {
    const { calls, user } = openSettings();
    const twoStep = await card('Two-step verification');
    await user.click(await twoStep.findByRole('button', { name: 'Turn on two-step verification' }));
    await user.type(twoStep.getByLabelText('Current password'), 'a-guess');
    await user.click(twoStep.getByRole('button', { name: 'Continue' }));
    expect(
      await twoStep.findByText('Your current password is not right. Nothing was changed.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(twoStep.getByLabelText('Current password'), 'demo-password');
    await user.click(twoStep.getByRole('button', { name: 'Continue' }));
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByText(/Signing in asks for a code/)).toBeInTheDocument();
    expect(calls).toContainEqual(['challengeAndVerify', { factorId: 'f-new', code: '123456' }]);

    await user.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('Type your current password.')).toBeInTheDocument();
    expect(calls).not.toContainEqual(['unenroll', { factorId: 'f-new' }]);
    await user.type(within(dialog).getByLabelText('Current password'), 'demo-password');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Turn on two-step verification' })).toBeInTheDocument();
    expect(calls).toContainEqual(['unenroll', { factorId: 'f-new' }]);
  });

  test('Google shows as linked when the user has a Google identity', async () => {
    openSettings(
      [],
      [
        { provider: 'email', identity_data: {} },
        { provider: 'google', identity_data: { email: 'owner@gmail.test' } },
      ],
    );
    expect(await screen.findByText(/Google is linked \(owner@gmail.test\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlink Google' })).toBeInTheDocument();
  });
});
