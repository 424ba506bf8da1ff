import { createFileRoute, useLocation } from '@tanstack/react-router';
import { CallbackPage } from '../../features/auth/callback-page';

// No guard: this page turns a redirect from /auth/v1 (code, fragment or error) into a session or a message.
export const Route = createFileRoute('/auth/callback')({
  beforeLoad: async ({ context }) => ({ supabase: await context.loadSupabase() }),
  component: Callback,
});

function Callback() {
  const { supabase } = Route.useRouteContext();
  const { searchStr, hash } = useLocation();
  return <CallbackPage auth={supabase.auth} location={{ search: searchStr, hash: hash ? `#${hash}` : '' }} />;
}
