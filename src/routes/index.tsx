import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/public/home-page';
import { useAuth } from '../features/auth/auth-context';
import { guard } from './-guard';

export const Route = createFileRoute('/')({
  beforeLoad: (options) => guard('/', options),
  component: Home,
});

function Home() {
  const { isAuthenticated, userEmail } = useAuth();
  return <HomePage signedInAs={isAuthenticated ? userEmail : null} />;
}
