import { useQuery } from '@tanstack/react-query';
import { taxNoSchema } from '@taxlens/shared';
import { useEffect, useState } from 'react';
import { companiesApi } from '../api';
import { companyKeys } from '../queries';

/** Asks the server, once the typed number is well formed, whether the group already has it. */
export function useBindingCheck(taxNo: string | undefined, ownFirmId: number | null) {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(taxNo?.trim().toUpperCase() ?? ''), 400);
    return () => clearTimeout(timer);
  }, [taxNo]);
  const valid = settled !== '' && taxNoSchema.safeParse(settled).success;
  const { data } = useQuery({
    queryKey: companyKeys.binding(settled),
    queryFn: ({ signal }) => companiesApi.bindingState(settled, signal),
    enabled: valid,
    staleTime: 0,
    retry: false,
  });
  // firmId is null when the number belongs to a company of the group the user cannot see.
  return valid && data?.bound && (data.firmId === null || data.firmId !== ownFirmId) ? data : null;
}
