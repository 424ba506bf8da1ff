import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { bundleForPath, wantCatalogue } from '../lib/i18n/catalog-bundles';
import type { RouterContext } from './-router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The counter's and the back office's words load before the first of their screens renders (issue 35, P7).
  beforeLoad: ({ location }) => wantCatalogue(bundleForPath(location.pathname)),
  component: Outlet,
});
