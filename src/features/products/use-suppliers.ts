// The shop's suppliers as the back office shows them (the Suppliers panel, the product form's select): read
// from the server when the screen opens and again after each write, since suppliers are not in the mirror
// ([INS-8]). Offline, or refused, the answer is the reason in words.
import { useEffect, useState } from 'react';
import type { Supplier, SupplierBook } from '../../data/remote/supplier-writes';
import type { Result } from '../../domain/result';

export type SupplierList =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; suppliers: Supplier[] };

function listOf(answer: Result<Supplier[]>): SupplierList {
  return answer.ok
    ? { state: 'ready', suppliers: answer.value }
    : { state: 'failed', message: answer.error.message };
}

/** The list, and `reload` to read it again (after a write). */
export function useSuppliers(book: SupplierBook, companyId: string) {
  const [list, setList] = useState<SupplierList>({ state: 'loading' });
  const [reads, setReads] = useState(0);
  useEffect(() => {
    let current = true;
    void book.list(companyId).then((answer) => {
      if (current) setList(listOf(answer));
    });
    return () => {
      current = false;
    };
  }, [book, companyId, reads]);
  const reload = () => {
    setReads((count) => count + 1);
  };
  return { list, reload };
}
