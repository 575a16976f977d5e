import BlockIcon from '@mui/icons-material/Block';
import { Button, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../../../shared/navigation/app-routes';
import { PublicFrame } from './PublicFrame';

export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <PublicFrame>
      <BlockIcon color="error" sx={{ fontSize: 48, mb: 1 }} />
      <Typography variant="h4" component="h1" data-testid="page-title" gutterBottom>
        Unauthorized Access
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        You don't have permission to access this resource.
      </Typography>
      <Button variant="contained" onClick={() => navigate(LOGIN_PATH)}>
        Go Back
      </Button>
    </PublicFrame>
  );
}
