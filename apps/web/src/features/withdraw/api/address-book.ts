// The saved withdrawal addresses (label, network, address): GET /api/app/asset/withdraw/addresses,
// POST …/addresses to save one, POST …/addresses/delete {id} to remove one. Kept on the server, so
// the book follows the account to another phone.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress, SaveAddressBody } from '@tradeflip/contract';
import { http } from '@/lib/http';
import { useSession } from '@/lib/session';

export const ADDRESS_BOOK_PATH = '/api/app/asset/withdraw/addresses';

export function addressBookQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['asset', 'address-book', userId],
    queryFn: ({ signal }) => http.get<{ list: SavedAddress[] }>(ADDRESS_BOOK_PATH, { signal, silent: true }),
    select: (data) => data.list,
    staleTime: 60_000,
  });
}

export function useAddressBook(enabled = true) {
  const session = useSession();
  return useQuery({
    ...addressBookQueryOptions(session?.user.id ?? ''),
    enabled: enabled && Boolean(session),
  });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    // Silent: the sheet puts the server's words under the field they are about.
    mutationFn: (body: SaveAddressBody) => http.post<SavedAddress>(ADDRESS_BOOK_PATH, body, { silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['asset', 'address-book'] }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.post<unknown>(`${ADDRESS_BOOK_PATH}/delete`, { id }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['asset', 'address-book'] }),
  });
}
