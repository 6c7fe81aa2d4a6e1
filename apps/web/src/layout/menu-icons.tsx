import ApiOutlined from '@ant-design/icons/ApiOutlined';
import AppstoreAddOutlined from '@ant-design/icons/AppstoreAddOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BookOutlined from '@ant-design/icons/BookOutlined';
import BugOutlined from '@ant-design/icons/BugOutlined';
import ControlOutlined from '@ant-design/icons/ControlOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import ReadOutlined from '@ant-design/icons/ReadOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import type { ComponentType } from 'react';

/** The icons menus may name (their `source`); only these are bundled. */
const icons: Readonly<Record<string, ComponentType>> = {
  AppstoreAddOutlined, AppstoreOutlined, BookOutlined, ControlOutlined, HomeOutlined,
  ReadOutlined, SettingOutlined, TeamOutlined, ToolOutlined,
  ApiOutlined, BugOutlined, DashboardOutlined, FileTextOutlined, ProfileOutlined,
};

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && icons[name]) || AppstoreOutlined;
  return <Icon />;
}
