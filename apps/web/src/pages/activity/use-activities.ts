import { useQuery } from '@tanstack/react-query';
import { getData } from '../../api/http';
import { ACTIVITY_BASE } from './activity-api';

export interface ActivityOption { id: string; title: string; startTime: string; phase: string; hasLottery: number; capacity: number }

/** The activities the user may pick (newest first), for the selectors of the applicant and cost screens. */
export function useActivities() {
  return useQuery({ queryKey: ['options', 'activity-select'], queryFn: () => getData<ActivityOption[]>(`${ACTIVITY_BASE}/select`), staleTime: 30_000 });
}
