import ApiOutlinedIcon from '@mui/icons-material/ApiOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import LanguageIcon from '@mui/icons-material/Language';
import { Tooltip } from '@mui/material';
import { SOURCE_TYPE_LABELS, sourceIconKind } from './knowledge-base-rules';

/** Spec 02 list: files, websites, anything else = api. */
export function SourceTypeIcon({ sourceType }: { sourceType: string }) {
  const kind = sourceIconKind(sourceType);
  const Icon = kind === 'files' ? DescriptionOutlinedIcon : kind === 'websites' ? LanguageIcon : ApiOutlinedIcon;
  const label = SOURCE_TYPE_LABELS[kind];
  return (
    <Tooltip title={label}>
      <Icon color="action" fontSize="small" titleAccess={label} data-testid={`source-icon-${kind}`} />
    </Tooltip>
  );
}
