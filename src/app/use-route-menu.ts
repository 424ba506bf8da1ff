// A bar's folding menu: open or closed, and closed again whenever the route changes (a link was followed).
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useRouter } from '@tanstack/react-router';

export function useRouteMenu(): [open: boolean, setOpen: Dispatch<SetStateAction<boolean>>] {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', () => {
        setOpen(false);
      }),
    [router],
  );
  return [open, setOpen];
}
