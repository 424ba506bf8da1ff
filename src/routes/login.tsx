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
  const { sync } = Route.useRouteContext();
  return (
    <>
      <ForgetDataOffer forget={(userId) => sync.forgetMirror(userId)} />
      <LoginPage redirect={redirect ?? null} />
    </>
  );
}
