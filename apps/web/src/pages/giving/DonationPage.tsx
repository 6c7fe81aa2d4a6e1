import { donationEntity } from '@alumni/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row as Grid, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/http';
import { EntityPage } from '../../entity/EntityPage';
import type { Row } from '../../entity/entity-api';
import { formatMoney } from '../../entity/entity-columns';
import { entityKey } from '../../entity/use-entity-list';
import { AggregateReceiptButton } from './AggregateReceiptButton';
import { DonationActions } from './DonationActions';

interface Sums { totalAmount: string; thisYearAmount: string; thisMonthAmount: string; donorCount: number; pledgedCount: number; pledgedAmount: string }

/** The strip above the list (DOMAIN 7, Screen): received in all, this year and month, donors, open pledges. */
function SumsStrip() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: [...entityKey(donationEntity), 'sums'], queryFn: () => getData<Sums>('/donation/countAmount') });
  const items: [string, string][] = data ? [
    [t('giving.totalReceived'), `¥${formatMoney(data.totalAmount)}`],
    [t('giving.thisYear'), `¥${formatMoney(data.thisYearAmount)}`],
    [t('giving.thisMonth'), `¥${formatMoney(data.thisMonthAmount)}`],
    [t('giving.donors'), String(data.donorCount)],
    [t('giving.pledges'), t('giving.pledgesValue', { count: data.pledgedCount, amount: formatMoney(data.pledgedAmount) })],
  ] : [];
  return (
    <Card size="small" style={{ marginBottom: 12 }} aria-label={t('giving.totalReceived')}>
      <Grid gutter={16}>
        {items.map(([title, value]) => (
          <Col key={title} xs={12} md={8} lg={4} xl={4}><Statistic title={title} value={value} /></Col>
        ))}
      </Grid>
    </Card>
  );
}


/** 捐赠管理 (DOMAIN 7): the gifts with their sums, moves of payment and receipt, codes and printable receipts. */
export default function DonationPage() {
  const { t } = useTranslation();
  const donorCell = (row: Row) => (
    <span>{String(row.donorName ?? '')}{Number(row.isAnonymous) === 1 && <Tag style={{ marginInlineStart: 6 }}>{t('giving.anonymous')}</Tag>}</span>
  );
  return (
    <>
      <SumsStrip />
      <EntityPage
        entity={donationEntity}
        dialogWidth={1000}
        columns={[
          'donationCode', 'donorName', 'donorType', 'alumniId', 'projectName', 'purpose', 'departmentId', 'donationMethod', 'currency',
          'amount', 'cnyAmount', 'donateTime', 'paymentStatus', 'arrivalDate', 'receiptStatus', 'certificateIssued',
        ]}
        searchFields={[
          'donationCode', 'donorName', 'donorType', 'projectName', 'purpose', 'donationMethod', 'departmentId', 'paymentStatus',
          'receiptStatus', 'donateTime', 'amount',
        ]}
        cellText={{ donorName: (row) => donorCell(row), alumniId: (row) => (row.alumniCode ? String(row.alumniCode) : undefined) }}
        rowActions={(row) => <DonationActions row={row} queryKey={entityKey(donationEntity)} />}
        toolbarExtra={<AggregateReceiptButton queryKey={entityKey(donationEntity)} />}
      />
    </>
  );
}
