import { getData } from './http';

export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn?: string | null;
  path: string;
  source?: string | null;
  sort: number;
  category: number;
  children?: MenuNode[];
}

export type ButtonNode = MenuNode;

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  nameEn?: string | null;
  source?: string | null;
  sort: number;
}

/** The user's menu tree; with a top menu's id, only that top menu's part. */
export const fetchMenuRoutes = (topMenuId?: string): Promise<MenuNode[]> =>
  getData<MenuNode[]>('/blade-system/menu/routes', topMenuId ? { topMenuId } : undefined);
export const fetchButtons = (): Promise<ButtonNode[]> => getData<ButtonNode[]>('/blade-system/menu/buttons');
export const fetchTopMenus = (): Promise<TopMenu[]> => getData<TopMenu[]>('/blade-system/menu/top-menu');
