import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page';
import { guard } from './-guard';
import { validateRedirectSearch } from './-search';

export const Route = createFileRoute('/login')({
  validateSearch: validateRedirectSearch,
  beforeLoad: (options) => guard('/login', options),
  component: Login,
});

function Login() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect ?? null} />;
}
