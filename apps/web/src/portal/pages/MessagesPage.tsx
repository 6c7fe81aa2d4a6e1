import { useState } from 'react';
import { api } from '../api';
import { LinkedText } from '../components/LinkedText';
import { minute, PagedList } from '../components/PagedList';
import { Shell } from '../components/Shell';
import { useT } from '../i18n';
import { usePaged } from '../use-load';

interface MessageRow { id: string; title: string; content: string; time: string; read: boolean }

/** 站内消息: my in-app messages; a row opens in place to its whole text, and opening an unread one marks it read. */
export default function MessagesPage() {
  const { t } = useT();
  const list = usePaged<MessageRow>('/messages');
  const [open, setOpen] = useState<string | null>(null);
  const [readHere, setReadHere] = useState<ReadonlySet<string>>(new Set());
  const toggle = (message: MessageRow) => {
    setOpen(open === message.id ? null : message.id);
    if (message.read || readHere.has(message.id)) return;
    // The server marks it read as it answers (the push's read count rises); a failure leaves it unread.
    api.get<MessageRow>(`/messages/${encodeURIComponent(message.id)}`).then(() => setReadHere((before) => new Set(before).add(message.id)), () => undefined);
  };
  return (
    <Shell title={t('section.messages')} back="/portal">
      <PagedList list={list} label={t('section.messages')} empty={t('messages.none')} row={(message) => {
        const read = message.read || readHere.has(message.id);
        return (
          <li key={message.id} className="p-item">
            <button type="button" className={`p-row p-row-button${read ? '' : ' p-unread'}`} aria-expanded={open === message.id} onClick={() => toggle(message)}>
              <span className="p-row-title" data-user-data="">{message.title}</span>
              <span className="p-row-meta">
                {read ? null : <span className="p-badge">{t('notices.unread')}</span>}
                <time>{minute(message.time)}</time>
              </span>
            </button>
            {open === message.id ? <p className="p-message-body" data-user-data=""><LinkedText text={message.content} /></p> : null}
          </li>
        );
      }} />
    </Shell>
  );
}
