import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import { TextArea, TextInput } from '../components/controls';
import { toast } from '../components/feedback';
import { minute, PagedList } from '../components/PagedList';
import { Shell } from '../components/Shell';
import { useT } from '../i18n';
import { usePaged } from '../use-load';

interface TextRow { id: string; title: string; content: string; time: string; reply: string | null; replyTime: string | null }

const TITLE_MAX = 100;
const CONTENT_MAX = 2000;

/** 留言: write to the school, and read my messages with the staff's replies. */
export default function TextsPage() {
  const { t } = useT();
  const list = usePaged<TextRow>('/texts');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const [busy, setBusy] = useState(false);

  const check = (value: string, field: string, max: number) =>
    !value.trim() ? t('common.required', { field }) : value.length > max ? t('common.tooLong', { field, max }) : undefined;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = { title: check(title, t('texts.title'), TITLE_MAX), content: check(content, t('texts.content'), CONTENT_MAX) };
    setErrors(found);
    if (found.title || found.content) return;
    setBusy(true);
    try {
      await api.post<{ id: string }>('/texts', { title: title.trim(), content: content.trim() });
      setTitle('');
      setContent('');
      toast(t('texts.sent'));
      list.reload();
    } catch (error) {
      toast(error instanceof ApiError ? error.message : String(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Shell title={t('section.texts')} back="/portal">
      <form className="p-card" onSubmit={send} noValidate aria-label={t('texts.write')}>
        <h2>{t('texts.write')}</h2>
        <TextInput label={t('texts.title')} value={title} error={errors.title} maxLength={TITLE_MAX} onChange={(event) => setTitle(event.target.value)} />
        <TextArea label={t('texts.content')} value={content} error={errors.content} maxLength={CONTENT_MAX} onChange={(event) => setContent(event.target.value)} />
        <button type="submit" className="p-btn p-btn-primary p-btn-block" disabled={busy}>{t('texts.send')}</button>
      </form>
      <h2 className="p-section-title">{t('texts.mine')}</h2>
      <PagedList list={list} label={t('texts.mine')} empty={t('texts.none')} row={(text) => (
        <li key={text.id} className="p-card p-text">
          <div className="p-row-title" data-user-data="">{text.title}</div>
          <p className="p-pre" data-user-data="">{text.content}</p>
          <p className="p-muted p-small"><time>{minute(text.time)}</time></p>
          {text.reply ? (
            <div className="p-reply">
              <div className="p-reply-label">{t('texts.reply')} · <time>{minute(text.replyTime)}</time></div>
              <p className="p-pre" data-user-data="">{text.reply}</p>
            </div>
          ) : <span className="p-badge p-badge-muted">{t('texts.waiting')}</span>}
        </li>
      )} />
    </Shell>
  );
}
