import type { JsonRecord } from '../../db/row-mapping.js';
import type { PdfDocument } from '../../engine/pdf/pdf-renderer.js';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '兆'];

/** An amount in Chinese capitals as receipts write it: 壹仟贰佰元整, 叁万零伍佰元伍角. */
export function amountInCapitals(amount: string): string {
  const [wholeText = '0', fractionText = '00'] = amount.split('.');
  const whole = wholeText.replace(/^0+(?=\d)/, '');
  const fraction = fractionText.padEnd(2, '0').slice(0, 2);
  let text = '';
  if (whole !== '0') {
    const groups: string[] = [];
    for (let end = whole.length; end > 0; end -= 4) groups.unshift(whole.slice(Math.max(0, end - 4), end));
    let zeroPending = false;
    groups.forEach((group, gi) => {
      const bigUnit = BIG_UNITS[groups.length - 1 - gi] ?? '';
      let groupText = '';
      const padded = group.padStart(4, '0');
      for (let i = 0; i < 4; i += 1) {
        const d = Number(padded[i]);
        if (d === 0) {
          if (groupText !== '' || text !== '') zeroPending = true;
        } else {
          if (zeroPending) groupText += '零';
          zeroPending = false;
          groupText += `${DIGITS[d]}${SMALL_UNITS[3 - i]}`;
        }
      }
      if (groupText !== '') text += `${groupText}${bigUnit}`;
    });
    text += '元';
  }
  const jiao = Number(fraction[0]);
  const fen = Number(fraction[1]);
  if (jiao === 0 && fen === 0) return `${text || '零元'}整`;
  if (jiao !== 0) text += `${DIGITS[jiao]}角`;
  else if (text !== '') text += '零';
  if (fen !== 0) text += `${DIGITS[fen]}分`;
  return text;
}

/** Thousands separators and two decimals. */
export const groupedAmount = (amount: string) => {
  const [w = '0', f = '00'] = amount.split('.');
  return `${w.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${f.padEnd(2, '0')}`;
};

export interface ReceiptParts {
  donation: JsonRecord;
  /** The school (the tenant's name) and the foundation issuing the receipt. */
  issuer: string;
  printedAt: string;
}

/**
 * The printable receipt of a received gift (DOMAIN 7): the unified donation receipt's fields —
 * number, donor, amount in figures and in capitals, purpose, method, dates, code — on one A5 page.
 */
export function receiptDocument({ donation: d, issuer, printedAt }: ReceiptParts): PdfDocument {
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));
  const currency = String(d.currency ?? 'CNY');
  const amount = String(d.amount ?? '0.00');
  const cny = String(d.cnyAmount ?? amount);
  const rows: [string, string][] = [
    ['捐赠编号 Donation code', text(d.donationCode)],
    ['票据号码 Receipt no.', text(d.receiptNo)],
    ['捐赠方 Donor', text(d.donorName)],
    ['捐赠项目 Project', text(d.projectName)],
    ['捐赠用途 Purpose', text(d.purposeName)],
    ['捐赠方式 Method', text(d.donationMethodName)],
    ['捐赠金额 Amount', `${currency} ${groupedAmount(amount)}`],
    ['折合人民币 Amount in CNY', `¥${groupedAmount(cny)}`],
    ['人民币大写 In words', amountInCapitals(cny)],
    ['捐赠时间 Donated at', text(d.donateTime)],
    ['到账日期 Received on', text(d.arrivalDate)],
    ['开票日期 Issued on', text(d.receiptDate)],
    ['经办人 Handled by', text(d.handlerName)],
  ];
  return {
    pageSize: 'A5',
    pageOrientation: 'landscape',
    pageMargins: [36, 32, 36, 32],
    info: { title: `捐赠收据 ${text(d.donationCode)}`, author: issuer, subject: 'Donation receipt' },
    content: [
      { text: issuer, alignment: 'center', fontSize: 12, margin: [0, 0, 0, 4] },
      { text: '公益事业捐赠收据', alignment: 'center', fontSize: 18, bold: true },
      { text: 'Donation Receipt', alignment: 'center', fontSize: 10, color: '#666666', margin: [0, 0, 0, 10] },
      {
        table: { widths: [150, '*'], body: rows.map(([k, v]) => [{ text: k, color: '#444444' }, { text: v, bold: k.startsWith('折合') }]) },
        layout: 'lightHorizontalLines',
      },
      { text: '感谢您对教育事业的支持！Thank you for supporting education.', alignment: 'center', margin: [0, 12, 0, 0] },
      { text: `打印时间 Printed ${printedAt}`, alignment: 'right', fontSize: 8, color: '#888888', margin: [0, 8, 0, 0] },
    ],
  };
}
