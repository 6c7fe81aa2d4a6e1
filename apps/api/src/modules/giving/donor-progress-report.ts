import type { PdfDocument } from '../../engine/pdf/pdf-renderer.js';
import { groupedAmount } from './donation-receipt.js';
import type { DonorProgress } from './donor-progress.js';

export interface ProgressReportParts {
  progress: DonorProgress;
  school: string;
  /** The names of the purposes (`donation_purpose`) and payment states (`payment_status`) in the tenant's words. */
  purposeNames: ReadonlyMap<string, string>;
  statusNames: ReadonlyMap<string, string>;
  printedAt: string;
  color: string;
}

const yuan = (cents: number) => `¥${groupedAmount((cents / 100).toFixed(2))}`;
const share = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—');

/**
 * A donor's progress report (decision 319) on A4: the funds the donor gave to — the donor's part,
 * what each fund has received in all, from how many donors, and the donor's share — then the
 * donor's gifts, in the school's colour.
 */
export function progressReportDocument({ progress, school, purposeNames, statusNames, printedAt, color }: ProgressReportParts): PdfDocument {
  const head = (cells: string[]) => cells.map((text) => ({ text, bold: true, color: '#ffffff', fillColor: color }));
  const total = progress.funds.reduce((sum, f) => sum + f.donorCents, 0);
  return {
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 48],
    info: { title: `捐赠进展报告 ${progress.donorName}`, author: school, subject: 'Donor progress report' },
    footer: (page: number, pages: number) => ({ text: `${school} · ${page}/${pages}`, alignment: 'center', fontSize: 8, color: '#888888' }),
    content: [
      { text: school, fontSize: 12, color: '#555555' },
      { text: '捐赠进展报告', fontSize: 24, bold: true, color, margin: [0, 4, 0, 0] },
      { text: 'Donor progress report', fontSize: 10, color: '#777777', margin: [0, 0, 0, 14] },
      { text: `尊敬的 ${progress.donorName}：`, fontSize: 13, bold: true },
      {
        text: `感谢您累计捐赠 ${yuan(total)}，支持了 ${progress.funds.length} 个基金。以下是您所支持基金的最新进展。`
          + `\nThank you for your gifts of ${yuan(total)} to ${progress.funds.length} fund(s). This is how they stand today.`,
        margin: [0, 6, 0, 14], lineHeight: 1.4,
      },
      { text: '您支持的基金 Funds you support', fontSize: 13, bold: true, color, margin: [0, 0, 0, 6] },
      {
        table: {
          headerRows: 1, widths: ['*', 90, 100, 60, 60],
          body: [
            head(['基金用途 Fund', '您的捐赠 Yours', '基金累计 Raised', '捐赠人 Donors', '占比 Share']),
            ...progress.funds.map((f) => [
              purposeNames.get(f.purpose) ?? f.purpose, yuan(f.donorCents), yuan(f.fundCents), String(f.fundDonors), share(f.donorCents, f.fundCents),
            ]),
          ],
        },
        layout: 'lightHorizontalLines', margin: [0, 0, 0, 16],
      },
      { text: '您的捐赠记录 Your gifts', fontSize: 13, bold: true, color, margin: [0, 0, 0, 6] },
      {
        table: {
          headerRows: 1, widths: [64, 90, '*', 70, 70, 50],
          body: [
            head(['日期 Date', '编号 Code', '项目 Project', '用途 Purpose', '金额 Amount', '状态 State']),
            ...progress.gifts.map((g) => [
              g.donateTime, g.donationCode ?? '—', g.projectName ?? '—', purposeNames.get(g.purpose) ?? g.purpose, yuan(g.cents),
              statusNames.get(String(g.paymentStatus)) ?? String(g.paymentStatus),
            ]),
          ],
        },
        layout: 'lightHorizontalLines', fontSize: 9,
      },
      { text: `生成时间 Generated ${printedAt}`, alignment: 'right', fontSize: 8, color: '#888888', margin: [0, 16, 0, 0] },
    ],
  };
}
