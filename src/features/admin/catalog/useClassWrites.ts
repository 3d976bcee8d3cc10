import { useQueryClient } from '@tanstack/react-query';
import { adminCatalogKeys, type AdminClass } from '../../../api/queries/admin-catalog';
import { catalogKeys } from '../../../api/queries/catalog';

/**
 * After any write on a class: its page shows the class as the server answered it (every console write on a class
 * answers the whole class), and the class lists read again (title, state, lecture count).
 */
export function useStoreClass(): (c: AdminClass) => void {
  const queryClient = useQueryClient();
  return (c) => {
    queryClient.setQueryData(adminCatalogKeys.class(c.contentsid), c);
    void queryClient.invalidateQueries({ queryKey: adminCatalogKeys.classesAll });
    void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
  };
}
