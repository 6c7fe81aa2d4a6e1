import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { activityEntity, basicInfoEntity, donationEntity, englishEntryLabel, messageEntity, studentStatusEntity } from '@alumni/domain';
import { Button, Col, Row, Segmented, Space, Statistic, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toQueryParams } from '../../entity/search-params';
import { BarChart, topTen } from './BarChart';
import { ColumnChart, type Column } from './ColumnChart';
import { ComboChart } from './ComboChart';
import { CardFigures } from './CardFigures';
import { EngagementWidget } from './EngagementWidget';
import { STATISTIC_MENUS, useDashboardAccess } from './dashboard-access';
import { useRefreshDashboard, type StatItem } from './dashboard-calls';
import './dashboard.css';
import { FigureCard } from './FigureCard';
import { formatCount, formatYuan, monthBounds } from './figures';
import { Greeting } from './Greeting';
import './home-texts';
import { LineChart } from './LineChart';
import { NoticeList } from './NoticeList';
import { PieChart } from './PieChart';
import { TodoList } from './TodoList';
import { EventSeatsTable } from './EventSeatsTable';
import { UpcomingActivities } from './UpcomingActivities';
import { useDashboardData } from './use-dashboard-data';
import { retryFailed, Widget, widgetState, type QueryLike } from './Widget';

/** The registration tabs by state key (regist_status). */
const REGIST_TAB: Record<string, string> = { '0': 'pending', '1': 'approved', '2': 'rejected', '3': 'merged' };

/**
 * 首页 (DOMAIN 17): what needs doing and how the alumni work goes, within the user's data scope.
 * Each widget shows only with its menu or button and loads on its own; every call starts as the page
 * opens, the refresh icon reloads them, and a page older than five minutes reloads when shown again.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const navigate = useNavigate();
  const access = useDashboardAccess();
  const { menu, link } = access;
  const data = useDashboardData(access);
  const refresh = useRefreshDashboard();
  const [byDecade, setByDecade] = useState(false);

  /** A group's label in the current language: the shipped English of a dictionary entry. */
  const dictLabel = (code: string) => (item: StatItem) => (lang === 'en' ? englishEntryLabel(code, item.key) ?? item.label : item.label);
  const yuan = useMemo(() => (v: number) => formatYuan(v, lang), [lang]);
  const go = (to: string | null) => (to ? () => void navigate(to) : undefined);
  const frame = (queries: QueryLike[], isEmpty: boolean) => ({ state: widgetState(queries, isEmpty), onRetry: retryFailed(queries) });
  const { regist, student, donation, visit, enrolling, ongoing, messages, upcoming, eventSeats, cards, notices, tasks, lines } = data;

  // The alumni list, or the study records for those who have only them, filtered by year(s) or department.
  const alumniLink = (years?: [number, number], departmentId?: string) => (menu('basicinfo')
    ? link('basicinfo', toQueryParams(basicInfoEntity, { firstEnrollmentYear: years, departmentId }))
    : link('studentstatus', { tab: 'approved', ...toQueryParams(studentStatusEntity, { enrollmentYear: years, departmentId }) }));

  const statusSlices = (regist.data?.byStatus ?? []).map((s) => ({ key: s.key, label: dictLabel('regist_status')(s), value: s.count }));
  const registMonths = (regist.data?.byMonth ?? []).map((m) => ({ label: m.label, value: m.count }));
  const years: Column[] = byDecade
    ? (student.data?.byDecade ?? []).map((d) => ({ key: d.key, label: dictLabel('enrollment_year_range')(d), value: d.count }))
    : (student.data?.byEnrollmentYear ?? []).map((y) => ({ key: y.key, label: lang === 'en' ? y.key : y.label, value: y.count }));
  const decadeYears = (key: string): [number, number] | undefined => {
    const label = student.data?.byDecade.find((d) => d.key === key)?.label ?? '';
    const start = /(\d{4})/.exec(label)?.[1];
    return start ? [Number(start), Number(start) + 9] : undefined;
  };
  const departments = topTen((student.data?.byDepartment ?? []).map((d) => ({ key: d.key, label: d.label, value: d.count })), t('home.charts.others'));
  const givingMonths = (donation.data?.byMonth ?? []).map((m) => ({ key: m.key, label: m.label, amount: Number(m.amount ?? 0), count: m.count }));
  const purposes = (donation.data?.byPurpose ?? []).filter((p) => Number(p.amount) > 0).map((p) => ({ key: p.key, label: dictLabel('donation_purpose')(p), value: Number(p.amount) }));
  const visitMonths = (visit.data?.byMonth ?? []).map((m) => ({ key: m.key, label: m.label, value: m.count }));
  const shownLines = lines.filter((l) => (l.count ?? 0) > 0);
  const lineQueries = lines.map((l) => l.query);
  const examinations = lines.filter((l) => l.examination).reduce((n, l) => n + (l.count ?? 0), 0);
  const taskTotal = tasks.data?.total ?? 0;
  const sum = (items: readonly { count: number }[]) => items.reduce((n, i) => n + i.count, 0);
  const statusTotal = sum(regist.data?.byStatus ?? []);

  const card = { xs: 24, sm: 12, md: 8, xl: 4 } as const;
  const half = (span: number) => ({ xs: 24, lg: span });

  return (
    <div className="dashboard" data-testid="dashboard">
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Greeting access={access} extra={(
            <Tooltip title={t('home.refresh')}>
              <Button type="text" icon={<ReloadOutlined />} aria-label={t('home.refresh')} onClick={() => void refresh()} />
            </Tooltip>
          )} />
        </Col>

        {menu('basicinfo', 'studentstatus') && (
          <Col {...card}>
            <FigureCard testId="card-alumni" title={t('home.cards.alumni')} {...frame([student], false)} to={alumniLink()}
              value={formatCount(student.data?.alumniTotal)} sub={t('home.cards.newThisYear', { n: formatCount(student.data?.newThisYear) })} />
          </Col>
        )}
        {menu('registinfo') && (
          <Col {...card}>
            <FigureCard testId="card-regist" title={t('home.cards.pendingRegist')} {...frame([regist], false)} to={link('registinfo', { tab: 'pending' })}
              value={formatCount(regist.data?.pending)} sub={t('home.cards.duplicateToday', { duplicate: regist.data?.pendingDuplicate ?? 0, today: regist.data?.today ?? 0 })} />
          </Col>
        )}
        {menu('donation') && (
          <Col {...card}>
            <FigureCard testId="card-giving" title={t('home.cards.givingThisYear')} {...frame([donation], false)} to={link('donation')}
              value={yuan(Number(donation.data?.thisYearAmount ?? 0))} sub={t('home.cards.thisMonth', { amount: yuan(Number(donation.data?.thisMonthAmount ?? 0)) })} />
          </Col>
        )}
        {menu('activity') && (
          <Col {...card}>
            <FigureCard testId="card-activities" title={t('home.cards.activities')} {...frame([enrolling, ongoing], false)} value={(
              <Space size="large">
                {([['enrolling', enrolling.data, '2'], ['ongoing', ongoing.data, '4']] as const).map(([key, n, phase]) => (
                  <span key={key} className="dashboard-link" role="link" tabIndex={0} onClick={go(link('activity', toQueryParams(activityEntity, { phase })))}>
                    <Statistic title={t(`home.cards.${key}`)} value={n ?? 0} />
                  </span>
                ))}
              </Space>
            )} />
          </Col>
        )}
        {menu('message') && (
          <Col {...card}>
            <FigureCard testId="card-messages" title={t('home.cards.messages')} {...frame([messages], false)}
              to={link('message', toQueryParams(messageEntity, { replyStatus: '0' }))} value={formatCount(messages.data)} />
          </Col>
        )}
        <Col {...card}>
          <FigureCard testId="card-todos" title={t('home.cards.myTodos')} {...frame(lines.filter((l) => l.key === 'workTodo' || l.examination).map((l) => l.query), false)}
            to={link('work_todo')} value={formatCount(taskTotal + examinations)} sub={t('home.cards.todoParts', { tasks: taskTotal, examinations })} />
        </Col>

        {menu('registinfo') && (
          <>
            <Col {...half(8)}>
              <Widget testId="chart-regist-status" title={t('home.charts.registByStatus')} {...frame([regist], statusTotal === 0)}>
                <PieChart donut label={t('home.charts.registByStatus')} slices={statusSlices}
                  text={(v) => `${v}`} onSlice={(s) => go(link('registinfo', { tab: REGIST_TAB[s.key] ?? 'all' }))?.()} />
              </Widget>
            </Col>
            <Col {...half(16)}>
              <Widget testId="chart-regist-month" title={t('home.charts.registByMonth')} {...frame([regist], registMonths.length === 0)}>
                <LineChart label={t('home.charts.registByMonth')} series={t('home.charts.registrations')} points={registMonths} />
              </Widget>
            </Col>
          </>
        )}

        {menu('basicinfo', 'studentstatus') && (
          <>
            <Col {...half(14)}>
              <Widget testId="chart-enrollment" title={t('home.charts.alumniByYear')} {...frame([student], years.every((y) => y.value === 0))}
                extra={<Segmented size="small" value={byDecade ? 'decade' : 'year'} onChange={(v) => setByDecade(v === 'decade')}
                  options={[{ value: 'year', label: t('home.charts.byYear') }, { value: 'decade', label: t('home.charts.byDecade') }]} />}>
                <ColumnChart label={t('home.charts.alumniByYear')} series={t('home.charts.alumni')} columns={years} zoom={!byDecade}
                  onColumn={(c) => go(alumniLink(byDecade ? decadeYears(c.key) : [Number(c.key), Number(c.key)]))?.()} />
              </Widget>
            </Col>
            <Col {...half(10)}>
              <Widget testId="chart-department" title={t('home.charts.alumniByDepartment')} {...frame([student], departments.length === 0)}>
                <BarChart label={t('home.charts.alumniByDepartment')} series={t('home.charts.alumni')} bars={departments}
                  onBar={(b) => go(alumniLink(undefined, b.key))?.()} />
              </Widget>
            </Col>
          </>
        )}
        {menu('basicinfo') && (
          <Col span={24}>
            <EngagementWidget />
          </Col>
        )}

        {menu('donation') && (
          <>
            <Col {...half(14)}>
              <Widget testId="chart-giving-month" title={t('home.charts.givingByMonth')} {...frame([donation], givingMonths.every((m) => m.count === 0))}>
                <ComboChart label={t('home.charts.givingByMonth')} points={givingMonths} amountName={t('home.charts.amount')} countName={t('home.charts.gifts')}
                  amountText={yuan} onPoint={(p) => go(link('donation', toQueryParams(donationEntity, { donateTime: monthBounds(p.key) })))?.()} />
              </Widget>
            </Col>
            <Col {...half(10)}>
              <Widget testId="chart-giving-purpose" title={t('home.charts.givingByPurpose')} {...frame([donation], purposes.length === 0)}>
                <PieChart label={t('home.charts.givingByPurpose')} slices={purposes} text={yuan} />
              </Widget>
            </Col>
          </>
        )}

        {menu('activity') && (
          <Col {...half(12)}>
            <Widget testId="list-upcoming" title={t('home.upcoming.title')} {...frame([upcoming], (upcoming.data?.records.length ?? 0) === 0)}>
              <UpcomingActivities rows={upcoming.data?.records ?? []} access={access} />
            </Widget>
          </Col>
        )}
        <Col {...half(12)}>
          <Widget testId="list-todo" title={t('home.todo.title')} {...frame(lineQueries, shownLines.length === 0 && data.taskRows.length === 0)}>
            <TodoList lines={shownLines} tasks={data.taskRows} />
          </Widget>
        </Col>

        {menu(...STATISTIC_MENUS.eventSeats) && (
          <Col {...half(14)}>
            <Widget testId="stat-event-seats" title={t('home.events.title')} {...frame([eventSeats], (eventSeats.data?.records.length ?? 0) === 0)}
              emptyText={t('home.events.empty', { days: eventSeats.data?.recentDays ?? 30 })}>
              <EventSeatsTable rows={eventSeats.data?.records ?? []} access={access} />
            </Widget>
          </Col>
        )}
        {menu(...STATISTIC_MENUS.alumniCards) && (
          <Col {...half(10)}>
            <Widget testId="stat-alumni-cards" title={t('home.alumniCards.title')} {...frame([cards], (cards.data?.applied ?? 0) === 0)}
              emptyText={t('home.alumniCards.empty')}>
              {cards.data && <CardFigures count={cards.data} access={access} />}
            </Widget>
          </Col>
        )}

        {menu('visitrecord') && (
          <Col {...half(12)}>
            <Widget testId="chart-visits" title={t('home.charts.visitsThisYear')} {...frame([visit], false)}>
              <div className="dashboard-link" role="link" tabIndex={0} onClick={go(link('visitrecord'))}>
                <Space size="large" wrap>
                  <Statistic title={t('home.charts.visits')} value={visit.data?.total ?? 0} />
                  <Statistic title={t('home.charts.alumniVisited')} value={visit.data?.alumniVisited ?? 0} />
                  <Statistic title={t('home.charts.organizationsVisited')} value={visit.data?.organizationsVisited ?? 0} />
                </Space>
              </div>
              <ColumnChart label={t('home.charts.visitsThisYear')} series={t('home.charts.visits')} columns={visitMonths} height={220}
                onColumn={() => go(link('visitrecord'))?.()} />
            </Widget>
          </Col>
        )}
        {menu('notice') && (
          <Col {...half(12)}>
            <Widget testId="list-notices" title={t('home.notices.title')} {...frame([notices], (notices.data?.records.length ?? 0) === 0)}>
              <NoticeList rows={notices.data?.records ?? []} access={access} />
            </Widget>
          </Col>
        )}
      </Row>
    </div>
  );
}
