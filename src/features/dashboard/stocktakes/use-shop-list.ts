// The shop's stores, categories or tills as the mirror has them, followed live: right after signing in the
// mirror may still be pulling, and the lists fill in as it does.
import { useMirrorRead } from '../../../ui/use-mirror-read';
import type { StocktakesDeps } from './stocktakes-deps';

export function useShopList(deps: StocktakesDeps, list: 'stores' | 'categories' | 'terminals') {
  return useMirrorRead(deps[list]);
}
