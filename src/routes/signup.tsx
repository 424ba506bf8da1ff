import { createFileRoute } from '@tanstack/react-router';
import { SignupPage } from '../features/auth/signup-page';
import { guard } from './-guard';
import { validateRedirectSearch } from './-search';

export const Route = createFileRoute('/signup')({
  validateSearch: validateRedirectSearch,
  beforeLoad: (options) => guard('/signup', options),
  component: Signup,
});

function Signup() {
  const { redirect } = Route.useSearch();
  return <SignupPage redirect={redirect ?? null} />;
}
