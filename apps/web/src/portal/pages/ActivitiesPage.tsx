import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../api';
import { Empty, ErrorLine, Loading, TextArea } from '../components/controls';
import { confirmStep, toast } from '../components/feedback';
import { minute, PagedList } from '../components/PagedList';
import { Shell } from '../components/Shell';
import { Link } from '../router';
import { useT } from '../i18n';
import { useLoad, usePaged } from '../use-load';

/** An application as the portal shows it: its place on the waitlist, whether I may still cancel it. */
interface ApplicationRow {
  id: string; activityTitle: string; time: string; state: number; stateLabel: string; waitlistPosition: number | null; cancellable: boolean;
  checkInCode: string | null;
}
/** An activity not yet over; `open` while it takes applications; capacity and seats left null when unlimited. */
interface ActivityRow {
  id: string; title: string; start: string; end: string; place: string | null; open: boolean; applied: boolean;
  capacity: number | null; seatsLeft: number | null; waitlistCount: number; application: ApplicationRow | null;
}
/** `apply_status` keys (DOMAIN 6.2). */
const CONFIRMED = 1;
const WAITLISTED = 4;

const REMARK_MAX = 500;

/** 校友活动: the activities open for applications, applying for one, and my applications with their state. */
export default function ActivitiesPage() {
  const { t } = useT();
  const list = usePaged<ActivityRow>('/activities');
  const mine = useLoad<ApplicationRow[]>('/applications');
  const [applying, setApplying] = useState<ActivityRow | null>(null);
  const reload = () => {
    list.reload();
    mine.reload();
  };
  const applied = (answer: { state: number; waitlistPosition: number | null }) => {
    setApplying(null);
    toast(answer.state === WAITLISTED ? t('activities.waitlistedOk', { n: answer.waitlistPosition ?? '' })
      : answer.state === CONFIRMED ? t('activities.seatedOk') : t('activities.appliedOk'));
    reload();
  };
  const cancel = async (application: { id: string }, title: string) => {
    if (!(await confirmStep(t('activities.cancelConfirm', { title })))) return;
    try {
      await api.post(`/applications/${encodeURIComponent(application.id)}/cancel`, {});
      toast(t('activities.cancelledOk'));
      reload();
    } catch (error) {
      toast(error instanceof ApiError ? error.message : String(error), 'error');
    }
  };
  return (
    <Shell title={t('section.activities')} back="/portal">
      <h2 className="p-section-title">{t('activities.open')}</h2>
      <PagedList list={list} label={t('activities.open')} empty={t('activities.none')} row={(activity) => (
        <li key={activity.id} className="p-card p-activity">
          <div className="p-row-title" data-user-data="">{activity.title}</div>
          <div className="p-muted p-small"><time>{minute(activity.start)}</time> – <time>{minute(activity.end)}</time></div>
          {activity.place ? <div className="p-muted p-small">{t('activities.place')}<span data-user-data="">{activity.place}</span></div> : null}
          {activity.capacity !== null ? (
            <div className="p-small" data-testid="seats">
              {activity.seatsLeft ? t('activities.seatsLeft', { n: activity.seatsLeft, capacity: activity.capacity })
                : t('activities.full', { n: activity.waitlistCount })}
            </div>
          ) : null}
          {activity.application ? <span className={`p-badge ${badgeClass(activity.application.state)}`}>{stateText(activity.application, t)}</span>
            : activity.applied ? <span className="p-badge p-badge-ok">{t('activities.applied')}</span>
            : !activity.open ? <span className="p-badge p-badge-muted">{t('activities.notOpen')}</span>
            : <button type="button" className="p-btn p-btn-primary p-btn-small" onClick={() => setApplying(activity)}>
              {activity.seatsLeft === 0 ? t('activities.applyWaitlist') : t('activities.apply')}</button>}
        </li>
      )} />
      <h2 className="p-section-title">{t('activities.mine')}</h2>
      <section aria-label={t('activities.mine')}>
        {mine.loading ? <Loading /> : null}
        {mine.error ? <ErrorLine message={mine.error} retryText={t('common.retry')} onRetry={mine.reload} /> : null}
        {mine.data?.length === 0 ? <Empty>{t('activities.noneMine')}</Empty> : null}
        {mine.data?.length ? (
          <ul className="p-list">
            {mine.data.map((application) => (
              <li key={application.id} className="p-row">
                <span className="p-row-title"><span data-user-data="">{application.activityTitle}</span><span className="p-muted p-small p-block"><time>{minute(application.time)}</time></span></span>
                <span className="p-row-meta">
                  <span className={`p-badge ${badgeClass(application.state)}`}>{stateText(application, t)}</span>
                  {application.state === CONFIRMED ? (
                    <Link to={`/portal/ticket/${encodeURIComponent(application.id)}`} className="p-btn p-btn-small">{t('activities.ticket')}</Link>
                  ) : null}
                  {application.cancellable ? (
                    <button type="button" className="p-btn p-btn-small" onClick={() => void cancel(application, application.activityTitle)}>{t('activities.cancel')}</button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {applying ? <ApplyDialog activity={applying} onClose={() => setApplying(null)} onApplied={applied} /> : null}
    </Shell>
  );
}

/** Confirmed reads green, waiting (pending, waitlisted) stands out, the rest are muted. */
const badgeClass = (state: number) => (state === CONFIRMED ? 'p-badge-ok' : state === WAITLISTED || state === 0 ? '' : 'p-badge-muted');

/** The state of an application, with its place when it waits. */
function stateText(application: ApplicationRow, t: ReturnType<typeof useT>['t']): string {
  if (application.state === WAITLISTED && application.waitlistPosition) return t('activities.waitlisted', { n: application.waitlistPosition });
  return application.stateLabel;
}

function ApplyDialog({ activity, onClose, onApplied }: { activity: ActivityRow; onClose: () => void; onApplied: (answer: { state: number; waitlistPosition: number | null }) => void }) {
  const { t } = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const apply = async () => {
    if (remark.length > REMARK_MAX) return;
    setBusy(true);
    try {
      const answer = await api.post<{ id: string; state: number; waitlistPosition: number | null }>(`/activities/${encodeURIComponent(activity.id)}/apply`, remark.trim() ? { remark: remark.trim() } : {});
      onApplied(answer);
    } catch (error) {
      toast(error instanceof ApiError ? error.message : String(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  const title = t('activities.applyTitle', { title: activity.title });
  return (
    <dialog ref={dialog} className="p-dialog" aria-label={title} onCancel={(event) => { event.preventDefault(); onClose(); }}>
      <h2>{title}</h2>
      {activity.seatsLeft === 0 ? <p className="p-muted p-small">{t('activities.fullNote')}</p> : null}
      <TextArea label={t('activities.remark')} value={remark} maxLength={REMARK_MAX} rows={3}
        error={remark.length > REMARK_MAX ? t('common.tooLong', { field: t('activities.remark'), max: REMARK_MAX }) : null}
        onChange={(event) => setRemark(event.target.value)} />
      <div className="p-dialog-actions">
        <button type="button" className="p-btn" onClick={onClose}>{t('common.cancel')}</button>
        <button type="button" className="p-btn p-btn-primary" disabled={busy} onClick={() => void apply()}>{t('activities.apply')}</button>
      </div>
    </dialog>
  );
}
