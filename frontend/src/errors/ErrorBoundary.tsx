import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, Paper, Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Injected by tests; the product reloads the page (spec 01 §2.2). */
  onRetry?: () => void;
}

interface ErrorBoundaryState {
  error: Error | undefined;
}

/** Spec 01 §2.2: 'Something went wrong', the message, and a Try again button that reloads. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(typeof error === 'string' ? error : '') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error in the page', error, info.componentStack);
  }

  private readonly retry = () => {
    if (this.props.onRetry) this.props.onRetry();
    else window.location.reload();
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Box role="alert" data-testid="error-boundary" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 8, px: 2 }}>
        <Paper variant="outlined" sx={{ p: 4, maxWidth: 480, width: '100%', textAlign: 'center' }}>
          <ErrorOutlineIcon color="error" sx={{ fontSize: 48, mb: 1 }} />
          <Typography variant="h5" component="h1" gutterBottom>
            Something went wrong
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3, wordBreak: 'break-word' }}>
            {error.message || 'An unexpected error occurred'}
          </Typography>
          <Button variant="contained" onClick={this.retry}>
            Try again
          </Button>
        </Paper>
      </Box>
    );
  }
}
