import { createFileRoute } from '@tanstack/react-router';
import { StocktakeReviewPage } from '../../features/dashboard/stocktakes/stocktake-review';
import { StocktakesFrame, useStocktakesDeps } from './-stocktakes-deps';

// /dashboard/stocktakes/$stocktakeId (issue 38): one stocktake's review, beside the list (not inside it).
export const Route = createFileRoute('/dashboard/stocktakes_/$stocktakeId')({
  component: StocktakeRoute,
});

function StocktakeRoute() {
  const { shop, sync, supabase } = Route.useRouteContext();
  const deps = useStocktakesDeps(shop, sync, supabase);
  const { stocktakeId } = Route.useParams();
  const navigate = Route.useNavigate();
  return (
    <StocktakesFrame shop={shop} deps={deps}>
      {(ready) => (
        <StocktakeReviewPage
          key={stocktakeId}
          deps={ready}
          stocktakeId={stocktakeId}
          onBack={() => {
            void navigate({ to: '/dashboard/stocktakes' });
          }}
        />
      )}
    </StocktakesFrame>
  );
}
