import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page';
import { ForgetDataOffer } from '../features/sync-status/forget-data-offer';
import { guard } from './-guard';
import { validateRedirectSearch } from './-search';

export const Route = createFileRoute('/login')({
  validateSearch: validateRedirectSearch,
  beforeLoad: (options) => guard('/login', options),
  component: Login,
});

function Login() {
  const { redirect } = Route.useSearch();
  const { loadServices } = Route.useRouteContext();
  return (
    <>
      {/* The databases open only if the offer is taken: a guest's sign-in page loads none of it. */}
      <ForgetDataOffer forget={async (userId) => (await loadServices()).sync.forgetMirror(userId)} />
      <LoginPage redirect={redirect ?? null} />
    </>
  );
}
