import { download, ApiError } from '../api';
import { Empty, ErrorLine, Loading } from '../components/controls';
import { toast } from '../components/feedback';
import { minute } from '../components/PagedList';
import { Shell } from '../components/Shell';
import { useT } from '../i18n';
import { useLoad } from '../use-load';

interface GiftRow { id: string; amount: number | string; currency: string; time: string; purpose: string; receiptUrl: string | null }

/** An amount in its currency as the reader's language writes it (an unknown currency code as plain figures). */
function money(amount: number | string, currency: string, lang: 'zh' | 'en'): string {
  const value = Number(amount);
  try {
    return new Intl.NumberFormat(lang === 'en' ? 'en' : 'zh-CN', { style: 'currency', currency: currency || 'CNY' }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** 我的捐赠: my donations, each with its receipt (the existing receipt PDF) to download. */
export default function GiftsPage() {
  const { t, lang } = useT();
  const gifts = useLoad<GiftRow[]>('/gifts');
  const receipt = async (gift: GiftRow) => {
    if (!gift.receiptUrl) return;
    try {
      const name = await download(gift.receiptUrl, `receipt-${gift.id}.pdf`);
      toast(t('gifts.downloaded', { name }));
    } catch (error) {
      toast(error instanceof ApiError ? error.message : String(error), 'error');
    }
  };
  return (
    <Shell title={t('section.gifts')} back="/portal">
      {gifts.loading ? <Loading /> : null}
      {gifts.error ? <ErrorLine message={gifts.error} retryText={t('common.retry')} onRetry={gifts.reload} /> : null}
      {gifts.data?.length === 0 ? <Empty>{t('gifts.none')}</Empty> : null}
      {gifts.data?.length ? (
        <ul className="p-list" aria-label={t('section.gifts')}>
          {gifts.data.map((gift) => (
            <li key={gift.id} className="p-card p-gift">
              <div className="p-gift-amount">{money(gift.amount, gift.currency, lang)}</div>
              <div className="p-muted p-small"><time>{minute(gift.time)}</time>{gift.purpose ? ` · ${t('gifts.purpose', { purpose: gift.purpose })}` : ''}</div>
              {gift.receiptUrl
                ? <button type="button" className="p-btn p-btn-small" onClick={() => void receipt(gift)}>{t('gifts.receipt')}</button>
                : <span className="p-badge p-badge-muted">{t('gifts.noReceipt')}</span>}
            </li>
          ))}
        </ul>
      ) : null}
    </Shell>
  );
}
