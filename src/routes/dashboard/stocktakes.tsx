import { createFileRoute } from '@tanstack/react-router';
import { StocktakesPage } from '../../features/dashboard/stocktakes/stocktakes-page';
import { StocktakesFrame, useStocktakesDeps } from './-stocktakes-deps';

// /dashboard/stocktakes (issue 38): the shop's stocktakes and their variances; the route's component is its
// own chunk.
export const Route = createFileRoute('/dashboard/stocktakes')({
  component: StocktakesRoute,
});

function StocktakesRoute() {
  const { shop, sync, supabase } = Route.useRouteContext();
  const deps = useStocktakesDeps(shop, sync, supabase);
  const navigate = Route.useNavigate();
  return (
    <StocktakesFrame shop={shop} deps={deps}>
      {(ready) => (
        <StocktakesPage
          deps={ready}
          onOpen={(stocktakeId) => {
            void navigate({ to: '/dashboard/stocktakes/$stocktakeId', params: { stocktakeId } });
          }}
        />
      )}
    </StocktakesFrame>
  );
}
