import ApiOutlined from '@ant-design/icons/ApiOutlined';
import AppstoreAddOutlined from '@ant-design/icons/AppstoreAddOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BookOutlined from '@ant-design/icons/BookOutlined';
import BugOutlined from '@ant-design/icons/BugOutlined';
import ControlOutlined from '@ant-design/icons/ControlOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import DeploymentUnitOutlined from '@ant-design/icons/DeploymentUnitOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import ReadOutlined from '@ant-design/icons/ReadOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import CloudServerOutlined from '@ant-design/icons/CloudServerOutlined';
import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import FilterOutlined from '@ant-design/icons/FilterOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import LayoutOutlined from '@ant-design/icons/LayoutOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import MenuOutlined from '@ant-design/icons/MenuOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import SoundOutlined from '@ant-design/icons/SoundOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import UserSwitchOutlined from '@ant-design/icons/UserSwitchOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/BankOutlined';
import ContactsOutlined from '@ant-design/icons/ContactsOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import FileDoneOutlined from '@ant-design/icons/FileDoneOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import SendOutlined from '@ant-design/icons/SendOutlined';
import SnippetsOutlined from '@ant-design/icons/SnippetsOutlined';
import CommentOutlined from '@ant-design/icons/CommentOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import TableOutlined from '@ant-design/icons/TableOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import ProjectOutlined from '@ant-design/icons/ProjectOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import ClusterOutlined from '@ant-design/icons/ClusterOutlined';
import CustomerServiceOutlined from '@ant-design/icons/CustomerServiceOutlined';
import EnvironmentOutlined from '@ant-design/icons/EnvironmentOutlined';
import FileSearchOutlined from '@ant-design/icons/FileSearchOutlined';
import HeartOutlined from '@ant-design/icons/HeartOutlined';
import TrophyOutlined from '@ant-design/icons/TrophyOutlined';
import UsergroupAddOutlined from '@ant-design/icons/UsergroupAddOutlined';
import AccountBookOutlined from '@ant-design/icons/AccountBookOutlined';
import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import FlagOutlined from '@ant-design/icons/FlagOutlined';
import FormOutlined from '@ant-design/icons/FormOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import MoneyCollectOutlined from '@ant-design/icons/MoneyCollectOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import type { ComponentType } from 'react';
import ScheduleOutlined from '@ant-design/icons/ScheduleOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import PartitionOutlined from '@ant-design/icons/PartitionOutlined';
import RocketOutlined from '@ant-design/icons/RocketOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import ImportOutlined from '@ant-design/icons/ImportOutlined';
import HddOutlined from '@ant-design/icons/HddOutlined';
import BuildOutlined from '@ant-design/icons/BuildOutlined';
import CodeOutlined from '@ant-design/icons/CodeOutlined';
import { menuIconName } from './menu-icon-names';

/** The icons menus may name (their `source`); only these are bundled. */
const icons: Readonly<Record<string, ComponentType>> = {
  AppstoreAddOutlined, AppstoreOutlined, BookOutlined, ControlOutlined, HomeOutlined,
  ReadOutlined, SettingOutlined, TeamOutlined, ToolOutlined,
  ApiOutlined, BugOutlined, DashboardOutlined, FileTextOutlined, ProfileOutlined,
  DeploymentUnitOutlined, GlobalOutlined,
  ApartmentOutlined, CloudServerOutlined, CloudUploadOutlined, DesktopOutlined, FilterOutlined, IdcardOutlined, LayoutOutlined, MailOutlined, MenuOutlined,
  MobileOutlined, NotificationOutlined, PaperClipOutlined, SafetyCertificateOutlined, ShopOutlined, SoundOutlined, UserOutlined, UserSwitchOutlined,
  AuditOutlined, BankOutlined, ContactsOutlined, DatabaseOutlined, FileDoneOutlined, SolutionOutlined,
  SnippetsOutlined, SendOutlined, CommentOutlined, MessageOutlined,
  ClusterOutlined, CustomerServiceOutlined, EnvironmentOutlined, FileSearchOutlined, HeartOutlined, TrophyOutlined, UsergroupAddOutlined,
  ScheduleOutlined, PlayCircleOutlined, InboxOutlined, ClockCircleOutlined, ExportOutlined, CheckCircleOutlined, PartitionOutlined, RocketOutlined, EyeOutlined,
  ImportOutlined,
  AccountBookOutlined, CalendarOutlined, FlagOutlined, FormOutlined,
  GiftOutlined, MoneyCollectOutlined, PictureOutlined,
  BarChartOutlined, TableOutlined, EditOutlined, ProjectOutlined, OrderedListOutlined, UnorderedListOutlined,
  HddOutlined, BuildOutlined, CodeOutlined,
};

const bundled: ReadonlySet<string> = new Set(Object.keys(icons));

/** A menu's icon: `name` is its `source`, in this product's form or BladeX's (`iconfont iconicon_setting`). */
export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = icons[menuIconName(name, bundled)] ?? AppstoreOutlined;
  return <Icon />;
}
