// The saved withdrawal addresses (label, network, address): GET /api/app/asset/withdraw/addresses,
// POST …/addresses to save one, POST …/addresses/delete {id} to remove one. Kept on the server, so
// the book follows the account to another phone.
import { queryKeys } from '@/lib/query-keys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveAddressBody } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';
import { useSession } from '@/lib/session';

export function addressBookQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.addressBook(userId),
    queryFn: ({ signal }) =>
      api(routes.withdraw.addresses, { signal, silent: true }).then(({ data }) => data),
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
    mutationFn: (body: SaveAddressBody) =>
      api(routes.withdraw.saveAddress, { body, silent: true }).then(({ data }) => data),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.addressBooks }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(routes.withdraw.deleteAddress, { body: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.addressBooks }),
  });
}
