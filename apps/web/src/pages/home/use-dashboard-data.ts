import { actApplistEntity, docQueryEntity, donationEntity, messageEntity } from '@alumni/domain';
import { toQueryParams } from '../../entity/search-params';
import { STATISTIC_MENUS, type DashboardAccess } from './dashboard-access';
import { dashboardCalls, dayFromToday, useDashboardQuery, useListTotal, type ListRow } from './dashboard-calls';
import type { QueryLike } from './Widget';

/** A to-do line of DOMAIN 17.2: its count (undefined while loading), where it leads, and whether it is an examination. */
export interface TodoLine { key: string; count: number | undefined; to: string | null; examination: boolean; query: QueryLike }

/**
 * The dashboard's shared calls and the to-do lines (DOMAIN 17.2) made of them. Every call is
 * declared here, so all start together when the page mounts, each only when the user may make it;
 * a line is shown only with its code and a non-zero count.
 */
export function useDashboardData(access: DashboardAccess) {
  const { menu, button, link } = access;
  const regist = useDashboardQuery(['countRegist'], dashboardCalls.countRegist, menu('registinfo'));
  const student = useDashboardQuery(['countStudent'], dashboardCalls.countStudent, menu('basicinfo', 'studentstatus'));
  const donation = useDashboardQuery(['countDonation'], dashboardCalls.countDonation, menu('donation'));
  const visit = useDashboardQuery(['countVisit'], dashboardCalls.countVisit, menu('visitrecord'));
  const enrolling = useListTotal('/blade-activity/activity/page', { phase_equal: 2 }, menu('activity'));
  const ongoing = useListTotal('/blade-activity/activity/page', { phase_equal: 4 }, menu('activity'));
  const messages = useListTotal('/blade-message/message/list', { replyStatus_equal: 0 }, menu('message'));
  const upcoming = useDashboardQuery(['upcoming'], () => dashboardCalls.page('/blade-activity/activity/page', {
    startTime_dategt: `${dayFromToday(0)} ${new Date().toTimeString().slice(0, 8)}`, enabled_equal: 1, isCancelled_equal: 0, ascs: 'startTime', current: 1, size: 5,
  }), menu('activity'));
  const eventSeats = useDashboardQuery(['countSeats'], dashboardCalls.countSeats, menu(...STATISTIC_MENUS.eventSeats));
  const cards = useDashboardQuery(['countCard'], dashboardCalls.countCard, menu(...STATISTIC_MENUS.alumniCards));
  const notices = useDashboardQuery(['notices'], () => dashboardCalls.page('/blade-desk/notice/list', { current: 1, size: 5, descs: 'releaseTime' }), menu('notice'));
  const tasks = useDashboardQuery(['todo-list'], () => dashboardCalls.page('/blade-flow/work/todo-list', { current: 1, size: 5 }), menu('work_todo'));
  const claims = useListTotal('/blade-flow/work/claim-list', {}, menu('work_claim'));
  const departments = useListTotal('/blade-department/department/list', { examineStatus_equal: 0 }, button('departmentexamine_examine'));
  const specialities = useListTotal('/blade-speciality/speciality/list', { examineStatus_equal: 0 }, button('specialityexamine_examine'));
  const visits = useListTotal('/blade-visitRecord/visitRecord/list', { visitStatus_equal: 1 }, button('visitrecord_examine'));
  const applications = useListTotal('/blade-actApplist/actApplist/page', { applyStatus_equal: 0 }, button('actapplist_confirm'));
  const docQueries = useListTotal('/blade-docquery/docquery/page', { handleStatus_equal: 0 }, button('docquery_handle'));
  const care = useListTotal('/blade-actCarelist/actCarelist/list', { careStatus_in: '0,2', nextCareDate_datelt: dayFromToday(8) }, button('carelist_edit'));

  const line = (key: string, held: boolean, query: QueryLike & { data?: number }, to: string | null, examination = false): TodoLine[] =>
    (held ? [{ key, count: query.data, to, examination, query }] : []);
  const from = <T,>(query: QueryLike & { data?: T }, pick: (data: T) => number) => ({ ...query, data: query.data === undefined ? undefined : pick(query.data) });
  const lines: TodoLine[] = [
    ...line('registPending', button('registinfo_examine') && menu('registinfo'), from(regist, (d) => d.pending), link('registinfo', { tab: 'pending' }), true),
    ...line('studentPending', button('studentstatus_examine') && menu('basicinfo', 'studentstatus'), from(student, (d) => d.pendingExamine), link('studentstatus', { tab: 'pending' }), true),
    ...line('departmentPending', button('departmentexamine_examine'), departments, link('departmentexamine', { tab: 'pending' }), true),
    ...line('specialityPending', button('specialityexamine_examine'), specialities, link('specialityexamine', { tab: 'pending' }), true),
    ...line('visitPending', button('visitrecord_examine'), visits, link('visitrecord', { tab: 'pending' }), true),
    ...line('applicationPending', button('actapplist_confirm'), applications, link('actapplist', toQueryParams(actApplistEntity, { applyStatus: '0' }))),
    ...line('docQueryPending', button('docquery_handle'), docQueries, link('docquery', toQueryParams(docQueryEntity, { handleStatus: '0' }))),
    ...line('messagePending', button('message_answer') && menu('message'), messages, link('message', toQueryParams(messageEntity, { replyStatus: '0' }))),
    ...line('pledged', button('donation_edit') && menu('donation'), from(donation, (d) => d.pledgedCount), link('donation', toQueryParams(donationEntity, { paymentStatus: '1' }))),
    ...line('careDue', button('carelist_edit'), care, link('carelist')),
    ...line('workTodo', menu('work_todo'), from(tasks, (d) => d.total), link('work_todo')),
    ...line('workClaim', menu('work_claim'), claims, link('work_claim')),
  ];
  return {
    regist, student, donation, visit, enrolling, ongoing, messages, upcoming, eventSeats, cards, notices, tasks, lines,
    taskRows: (tasks.data?.records ?? []) as ListRow[],
  };
}
