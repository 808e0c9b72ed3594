/**
 * The success page's payment block. The form opened the checkout in a new window; if the browser
 * blocked it, this is where the applicant continues to payment (router state from the form).
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { readSuccessState } from '../engine/successState.ts';

export function PaymentNotice() {
  const state = readSuccessState(useLocation().state);
  if (!state) return null;
  return (
    <Alert color={state.popupBlocked ? 'yellow' : 'blue'} data-testid="payment-notice">
      <Stack gap="xs">
        <Text>
          <FormattedMessage id={state.popupBlocked ? 'payment.blocked' : 'payment.opened'} />
        </Text>
        <Button component="a" href={state.checkoutUrl} target="_blank" rel="noopener noreferrer" w="fit-content">
          <FormattedMessage id="payment.continue" />
        </Button>
      </Stack>
    </Alert>
  );
}
