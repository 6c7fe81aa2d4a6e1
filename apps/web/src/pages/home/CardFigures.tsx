import { Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DashboardAccess } from './dashboard-access';
import type { CardCount } from './dashboard-calls';

/** The figures of 电子校友卡 in two groups, each leading to its tab of the card page. */
const GROUPS: { key: 'applications' | 'states'; figures: { key: keyof CardCount; tab: string }[] }[] = [
  { key: 'applications', figures: [{ key: 'applied', tab: 'all' }, { key: 'pending', tab: 'pending' }, { key: 'rejected', tab: 'rejected' }, { key: 'approved', tab: 'approved' }] },
  { key: 'states', figures: [{ key: 'active', tab: 'approved' }, { key: 'suspended', tab: 'approved' }, { key: 'revoked', tab: 'approved' }, { key: 'expired', tab: 'approved' }] },
];

/**
 * 电子校友卡: the applications (applied, awaiting examination, not approved, approved) and the approved
 * cards by state (active, suspended, revoked, expired).
 */
export function CardFigures({ count, access }: { count: CardCount; access: DashboardAccess }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="dashboard-card-figures">
      {GROUPS.map((group) => (
        <section key={group.key} aria-label={t(`home.alumniCards.${group.key}`)}>
          <Typography.Text type="secondary" className="dashboard-card-group">{t(`home.alumniCards.${group.key}`)}</Typography.Text>
          <Row gutter={[16, 8]}>
            {group.figures.map(({ key, tab }) => {
              const to = access.link('alumnicard', { tab });
              return (
                <Col span={6} key={key}>
                  <span data-testid={`card-figure-${key}`} className={to ? 'dashboard-link' : undefined} role={to ? 'link' : undefined}
                    tabIndex={to ? 0 : undefined} onClick={to ? () => void navigate(to) : undefined}
                    onKeyDown={to ? (e) => { if (e.key === 'Enter') void navigate(to); } : undefined}>
                    <Statistic title={t(`home.alumniCards.${key}`)} value={count[key]} />
                  </span>
                </Col>
              );
            })}
          </Row>
        </section>
      ))}
    </div>
  );
}
