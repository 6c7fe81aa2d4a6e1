import type { Page } from '@alumni/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getData, postData } from '../../api/http';

/** A group of a statistic (DOMAIN 11.0); money groups add `amount`. */
export interface StatItem { key: string; label: string; count: number; amount?: string }

export interface RegistCount { total: number; today: number; pending: number; pendingDuplicate: number; byStatus: StatItem[]; byMonth: StatItem[] }
export interface StudentCount {
  alumniTotal: number; newThisYear: number; pendingExamine: number; byEnrollmentYear: StatItem[]; byDecade: StatItem[]; byDepartment: StatItem[];
}
export interface DonationSums { thisYearAmount: string; thisMonthAmount: string; pledgedCount: number; byMonth: StatItem[]; byPurpose: StatItem[] }
export interface VisitCount { total: number; alumniVisited: number; organizationsVisited: number; byMonth: StatItem[] }
export type ListRow = Record<string, unknown> & { id?: string };
/** The seats and check-in of one activity with sign-up; capacity 0 = no limit, checkInRate null with nothing confirmed. */
export interface EventSeats {
  id: string; title: string; startTime: string; endTime: string; phase: string;
  capacity: number; seatsTaken: number; waitlisted: number; confirmed: number; checkedIn: number; checkInRate: number | null;
}
export interface EventSeatsCount { recentDays: number; records: EventSeats[] }
export interface CardCount { applied: number; pending: number; rejected: number; approved: number; active: number; expired: number; suspended: number; revoked: number }

/** The first key of every dashboard query: the refresh icon refetches them all. */
export const DASHBOARD_KEY = 'dashboard';
/** A dashboard older than this refetches when its tab (or the browser tab) is active again. */
export const DASHBOARD_FRESH_MS = 5 * 60_000;

type Params = Record<string, string | number | undefined>;

/** The dashboard's calls (DOMAIN 17), each named as its query. */
export const dashboardCalls = {
  countRegist: () => postData<RegistCount>('/blade-registInfo/registInfo/countRegistInfo'),
  countStudent: () => postData<StudentCount>('/blade-studentStatus/studentStatus/countStudent'),
  countDonation: () => getData<DonationSums>('/donation/countAmount'),
  countVisit: () => postData<VisitCount>('/blade-visitRecord/visitRecord/countVisit'),
  countSeats: () => getData<EventSeatsCount>('/blade-activity/activity/countSeats'),
  countCard: () => getData<CardCount>('/blade-alumniCard/alumniCard/countCard'),
  school: () => getData<{ schoolName: string }>('/blade-registInfo/registInfo/schoolBeginYear'),
  page: (path: string, params: Params) => getData<Page<ListRow>>(path, params),
};

/** The date `days` after today, `yyyy-MM-dd`, in the browser's calendar. */
export function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * One dashboard call, shared by every widget that reads it (one request however many show it),
 * started when the page mounts if the user may make it; fresh for five minutes.
 */
export function useDashboardQuery<T>(name: readonly unknown[], call: () => Promise<T>, enabled: boolean) {
  return useQuery({
    queryKey: [DASHBOARD_KEY, ...name],
    queryFn: call,
    enabled,
    staleTime: DASHBOARD_FRESH_MS,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/** The total of a list call asked for one row (`size=1`), e.g. the pending registrations. */
export const useListTotal = (path: string, params: Params, enabled: boolean) =>
  useDashboardQuery(['total', path, params], () => dashboardCalls.page(path, { ...params, current: 1, size: 1 }).then((p) => p.total), enabled);

/** Refetches every dashboard call now. */
export function useRefreshDashboard(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [DASHBOARD_KEY] });
}
