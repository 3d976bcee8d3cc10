import { useSuspenseQuery } from '@tanstack/react-query';
import { adminMeQuery } from '../../../api/queries/admin-staff';

/** The signed-in staff member. The console's layout renders its screens only once this answered, so it never waits. */
export function useAdminMe() {
  return useSuspenseQuery(adminMeQuery()).data;
}
