/**
 * The success page's payment block: where the applicant continues to payment when the checkout is not
 * showing in the window the form opened (router state from the form).
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { readSuccessState } from '../engine/successState.ts';

export function PaymentNotice() {
  const state = readSuccessState(useLocation().state);
  if (!state?.checkoutUrl) return null;
  // Opened with the click, blocked by the browser, or not opened at all (the form did not know yet
  // whether this submit would open one): each says what happened, and the button is the way to pay.
  const said = state.checkoutOpened ? 'payment.opened' : state.popupBlocked ? 'payment.blocked' : 'payment.ready';
  return (
    <Alert color={state.popupBlocked ? 'yellow' : 'blue'} data-testid="payment-notice">
      <Stack gap="xs">
        <Text>
          <FormattedMessage id={said} />
        </Text>
        <Button component="a" href={state.checkoutUrl} target="_blank" rel="noopener noreferrer" w="fit-content">
          <FormattedMessage id="payment.continue" />
        </Button>
      </Stack>
    </Alert>
  );
}
