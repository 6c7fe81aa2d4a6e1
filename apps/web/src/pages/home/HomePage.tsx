import { Card, Col, Descriptions, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '../../layout/menu-icons';
import { leafRoute, menuLeaves, menuName } from '../../router/menu-match';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';

/** Home: a welcome with the user's name and the functions the menus offer. */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const menus = useMenuStore((s) => s.menus);
  const leaves = menuLeaves(menus);
  const name = user?.realName || user?.nickName || user?.account || '';

  return (
    <div className="page-card">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('home.welcome', { name: '' })}<span data-user-data>{name}</span>
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
      <Descriptions size="small" column={3} style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('home.tenant')}>{user?.tenantId}</Descriptions.Item>
        <Descriptions.Item label={t('home.account')}>{user?.account}</Descriptions.Item>
        <Descriptions.Item label={t('home.role')}>{user?.roleName}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('home.menus')}</Typography.Title>
      {leaves.length === 0 ? (
        <Empty description={t('home.noMenus')} />
      ) : (
        <Row gutter={[16, 16]}>
          {leaves.map((menu) => (
            <Col key={menu.id} xs={24} sm={12} md={8} lg={6}>
              <Link to={leafRoute(menu)}>
                <Card hoverable size="small">
                  <MenuIcon name={menu.source} /> <span style={{ marginLeft: 8 }}>{menuName(menu, i18n.language)}</span>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
