// 'Continue with Google': hands over to Google (the local stack's stand-in page in development).
import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import { useAuth } from './auth-context';

export function GoogleButton({ redirect }: { redirect: string | null }) {
  const { store, loading } = useAuth();
  return (
    <Button
      variant="secondary"
      size="lg"
      wide
      isDisabled={loading}
      onPress={() => void store.signInWithGoogle(redirect)}
    >
      <svg className="google-mark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="#4285F4"
          d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.2-4.8 3.2-8z"
        />
        <path
          fill="#34A853"
          d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
        />
        <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.1a11 11 0 0 0 0 9.9l3.7-2.8z" />
        <path
          fill="#EA4335"
          d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
        />
      </svg>
      <Trans>Continue with Google</Trans>
    </Button>
  );
}
