// One report's answer on a screen: loading (null), the rows, or the problem in words. Asked again when the
// key changes (react-query, not persisted: these figures need the server).
import { useQuery } from '@tanstack/react-query';
import type { Result } from '../../../domain/result';

export type ReportState<T> = { rows: T } | { problem: string } | null;

export function useReport<T>(load: () => Promise<Result<T>>, key: string): ReportState<T> {
  const query = useQuery({
    queryKey: ['customer-value', key],
    queryFn: async () => {
      const answer = await load();
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.value;
    },
    retry: false,
    gcTime: 0,
  });
  if (query.isError) return { problem: query.error.message };
  return query.isSuccess ? { rows: query.data } : null;
}
