// The shop's stores, categories or tills as the mirror has them. Right after signing in the mirror may still
// be pulling, so an empty answer is read again each second until something arrives.
import { useQuery } from '@tanstack/react-query';
import type { Named, StocktakesDeps } from './stocktakes-deps';

const WHILE_EMPTY_MS = 1_000;

export function useShopList(deps: StocktakesDeps, list: 'stores' | 'categories' | 'terminals') {
  return useQuery<Named[]>({
    queryKey: ['stocktake-shop-list', deps.companyId, list],
    queryFn: deps[list],
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? false : WHILE_EMPTY_MS),
  });
}
