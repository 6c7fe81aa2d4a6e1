import { useEffect, useState } from 'react';
import { Empty, ErrorLine, Loading } from '../components/controls';
import { minute } from '../components/PagedList';
import { Shell } from '../components/Shell';
import { useT } from '../i18n';
import { Link } from '../router';
import { useLoad } from '../use-load';

export interface Ticket {
  id: string;
  applyNo: string;
  name: string;
  companions: number;
  activity: { id: string; title: string; startTime: string; endTime: string; location: string | null } | null;
  checkInCode: string | null;
  signIn: boolean;
  signInTime: string | null;
  revoked: boolean;
  token: string | null;
  link: string;
}

/** The QR code of a token as an image address; the drawing library loads only here, when a ticket is shown. */
function useQrImage(value: string | null): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setImage(null);
    if (!value) return;
    void import('qrcode').then((qr) => qr.toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: 320 }))
      .then((url) => { if (current) setImage(url); });
    return () => { current = false; };
  }, [value]);
  return image;
}

/** 我的门票: one ticket (from its link in an e-mail or SMS, or the list), or the list of my tickets. */
export default function TicketPage({ params }: { params: Record<string, string> }) {
  return params.id ? <OneTicket id={params.id} /> : <TicketList />;
}

function OneTicket({ id }: { id: string }) {
  const { t } = useT();
  const ticket = useLoad<Ticket>(`/tickets/${encodeURIComponent(id)}`);
  const image = useQrImage(ticket.data?.token ?? null);
  const data = ticket.data;
  return (
    <Shell title={t('ticket.title')} back="/portal/tickets">
      {ticket.loading ? <Loading /> : null}
      {ticket.error ? <ErrorLine message={ticket.error} retryText={t('common.retry')} onRetry={ticket.reload} /> : null}
      {data ? (
        <article className="p-card p-ticket">
          <h2 data-user-data="">{data.activity?.title}</h2>
          {data.activity ? (
            <p className="p-muted p-small">
              <time>{minute(data.activity.startTime)}</time>{data.activity.location ? <> · <span data-user-data="">{data.activity.location}</span></> : null}
            </p>
          ) : null}
          {data.revoked ? <p className="p-error" role="alert">{t('ticket.revoked')}</p> : null}
          {data.signIn ? <p className="p-badge p-ticket-done" role="status">{t('ticket.checkedIn', { time: minute(data.signInTime ?? '') })}</p> : null}
          {data.token ? (
            <figure className="p-ticket-qr">
              {image ? <img src={image} alt={t('ticket.qrAlt')} width={280} height={280} data-token={data.token} /> : <Loading />}
              <figcaption className="p-muted p-small">{t('ticket.show')}</figcaption>
            </figure>
          ) : null}
          <dl className="p-ticket-facts">
            <dt>{t('ticket.holder')}</dt><dd data-user-data="">{data.name}{data.companions > 0 ? ` + ${data.companions}` : ''}</dd>
            <dt>{t('ticket.applyNo')}</dt><dd>{data.applyNo}</dd>
            {data.checkInCode && !data.revoked ? <><dt>{t('ticket.code')}</dt><dd className="p-ticket-code">{data.checkInCode}</dd></> : null}
          </dl>
        </article>
      ) : null}
    </Shell>
  );
}

function TicketList() {
  const { t } = useT();
  const list = useLoad<Ticket[]>('/tickets');
  return (
    <Shell title={t('ticket.list')} back="/portal/activities">
      {list.loading ? <Loading /> : null}
      {list.error ? <ErrorLine message={list.error} retryText={t('common.retry')} onRetry={list.reload} /> : null}
      {list.data?.length === 0 ? <Empty>{t('ticket.none')}</Empty> : null}
      {list.data?.length ? (
        <ul className="p-list">
          {list.data.map((ticket) => (
            <li key={ticket.id}>
              <Link to={`/portal/ticket/${ticket.id}`} className="p-row">
                <span className="p-row-title"><span data-user-data="">{ticket.activity?.title}</span>
                  <span className="p-muted p-small p-block"><time>{minute(ticket.activity?.startTime ?? '')}</time></span></span>
                <span className="p-badge">{ticket.revoked ? t('ticket.revokedShort') : ticket.signIn ? t('ticket.checkedInShort') : t('ticket.valid')}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Shell>
  );
}
