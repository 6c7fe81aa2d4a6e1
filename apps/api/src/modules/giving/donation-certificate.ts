import type { Params } from '../../access/params.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { PdfDocument } from '../../engine/pdf/pdf-renderer.js';
import { amountInCapitals, groupedAmount } from './donation-receipt.js';

/** The school's look of its certificates: parameters of the tenant, with these defaults. */
export const CERTIFICATE_PARAMS = {
  /** The colour of the frame, the title and the seal line (`#rrggbb`). */
  color: { key: 'donation.certificate.color', default: '#9b1c1c' },
  /** Who signs: the foundation's name, `{school}` standing for the tenant's name. */
  signer: { key: 'donation.certificate.signer', default: '{school}教育发展基金会' },
} as const;

export interface CertificateParts {
  donation: JsonRecord;
  /** The school: the tenant's name. */
  school: string;
  color: string;
  signer: string;
}

const COLOR_RE = /^#[0-9a-fA-F]{6}$/;

/** The school's look of its documents from its parameters: a valid colour (else the default) and the signer with the school's name. */
export async function schoolLook(params: Params, tenantId: string, school: string): Promise<{ color: string; signer: string }> {
  const param = async (p: { key: string; default: string }) => (await params.get(tenantId, p.key))?.trim() || p.default;
  const color = await param(CERTIFICATE_PARAMS.color);
  return { color: COLOR_RE.test(color) ? color : CERTIFICATE_PARAMS.color.default, signer: (await param(CERTIFICATE_PARAMS.signer)).replaceAll('{school}', school) };
}

/** A4 landscape in points, and the frame's insets. */
const WIDTH = 841.89;
const HEIGHT = 595.28;

/**
 * The donation certificate 捐赠证书 of a received gift (DOMAIN 7, decision 319): the
 * school's frame in its colour, the donor, the amount in figures and in capitals, the project or
 * purpose, the donation code as the certificate's number, the signer and the date received.
 */
export function certificateDocument({ donation: d, school, color, signer }: CertificateParts): PdfDocument {
  const ink = color;
  const cny = String(d.cnyAmount ?? d.amount ?? '0.00');
  const use = d.projectName ? String(d.projectName) : String(d.purposeName ?? '');
  const received = String(d.arrivalDate ?? d.donateTime ?? '').slice(0, 10);
  const [y = '', m = '', day = ''] = received.split('-');
  const frame = (inset: number, width: number) => ({ type: 'rect' as const, x: inset, y: inset, w: WIDTH - 2 * inset, h: HEIGHT - 2 * inset, lineWidth: width, lineColor: ink });
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [90, 70, 90, 60],
    info: { title: `捐赠证书 ${String(d.donationCode ?? '')}`, author: signer, subject: 'Certificate of donation' },
    background: () => ({ canvas: [frame(24, 3), frame(32, 0.8)] }),
    content: [
      { text: school, alignment: 'center', fontSize: 16, color: '#333333' },
      { text: '捐 赠 证 书', alignment: 'center', fontSize: 40, bold: true, color: ink, margin: [0, 8, 0, 0] },
      { text: 'CERTIFICATE OF DONATION', alignment: 'center', fontSize: 11, color: '#777777', characterSpacing: 3, margin: [0, 0, 0, 6] },
      { text: `证书编号 No. ${String(d.donationCode ?? '—')}`, alignment: 'right', fontSize: 10, color: '#555555', margin: [0, 0, 0, 18] },
      { text: `${String(d.donorName ?? '')}：`, fontSize: 18, bold: true, margin: [0, 0, 0, 12] },
      {
        text: [
          '　　感谢您慷慨捐赠人民币 ', { text: `${groupedAmount(cny)} 元`, bold: true }, `（${amountInCapitals(cny)}）`,
          use ? `，用于“${use}”` : '', '。您的善举将助力学校的教育事业发展，特发此证，以资感谢！',
        ],
        fontSize: 15, lineHeight: 1.6,
      },
      {
        text: `Thank you for your generous gift of CNY ${groupedAmount(cny)}${use ? ` to “${use}”` : ''}.`,
        fontSize: 10, color: '#666666', margin: [0, 10, 0, 0],
      },
      {
        margin: [0, 40, 0, 0],
        columns: [
          { width: '*', text: '' },
          {
            width: 260,
            stack: [
              { text: signer, alignment: 'center', fontSize: 14, bold: true },
              { canvas: [{ type: 'line', x1: 20, y1: 4, x2: 240, y2: 4, lineWidth: 0.8, lineColor: ink }] },
              { text: y ? `${y}年${Number(m)}月${Number(day)}日` : '', alignment: 'center', fontSize: 12, margin: [0, 6, 0, 0] },
            ],
          },
        ],
      },
    ],
  };
}
