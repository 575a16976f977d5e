import AnalyticsIcon from '@mui/icons-material/Analytics';
import ApiIcon from '@mui/icons-material/Api';
import BarChartIcon from '@mui/icons-material/BarChart';
import BusinessIcon from '@mui/icons-material/Business';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FolderIcon from '@mui/icons-material/Folder';
import GroupsIcon from '@mui/icons-material/Groups';
import LanguageIcon from '@mui/icons-material/Language';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PaymentIcon from '@mui/icons-material/Payment';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import StorageIcon from '@mui/icons-material/Storage';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { SvgIconComponent } from '@mui/icons-material';
import type { SidebarIconName } from '../../../shared/navigation/sidebar';

/** Each icon is imported by its own path so the bundle carries only these, not the whole icon set. */
export const SIDEBAR_ICONS: Record<SidebarIconName, SvgIconComponent> = {
  organizations: BusinessIcon,
  support: SupportAgentIcon,
  dashboard: DashboardIcon,
  dataSources: StorageIcon,
  files: FolderIcon,
  websites: LanguageIcon,
  apis: ApiIcon,
  knowledgeBases: MenuBookIcon,
  ragApplications: SmartToyIcon,
  directory: PeopleIcon,
  users: PersonIcon,
  groups: GroupsIcon,
  analytics: AnalyticsIcon,
  usage: BarChartIcon,
  settings: SettingsIcon,
  subscription: CardMembershipIcon,
  payment: PaymentIcon,
};
