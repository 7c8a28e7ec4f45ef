// Every refusal the core gives, in English: the one catalogue of the desk's own reasons. The core
// raises a key and its values (common/refusal.ts); its log and its English detail read them here,
// and the renderer shows them in the agent's language from refusals.ru.ts and refusals.kk.ts.
// Each entry's {{placeholders}} are the values its key takes (the type reads them off this text).
// The `action.*`, `owner.*` and `unlock.*` entries are phrases other entries take as a value.
export const refusalsEn = {
  'action.cashMovement': 'Cash added to or taken from the drawer',
  'action.closeShift': 'Closing the shift',
  'action.variance': 'A variance over the threshold ({{currencies}})',
  'action.handoverVariance': 'A variance over the threshold at the handover ({{currencies}})',
  'action.reverseCustody': 'Reversing a custody record',
  'action.releasePayout': 'Releasing a payout to the branch',
  'action.payoutBeyondDrawer': 'A payout over the cash the drawer should hold',
  'action.newGateway': 'A new gateway address',
  'action.newToken': 'A new token',
  'owner.supervisor': 'The supervisor',
  'owner.operator': 'Operator {{name}}',
  'unlock.supervisor': 'reset the supervisor PIN as "A forgotten supervisor PIN" in the README describes.',
  'unlock.operator': 'a supervisor must lift it (Settings, Operators).',

  'shift.notDenomination': '{{value}} is not a {{currency}} note or coin.',
  'shift.denominationTwice': 'Each {{currency}} note or coin once.',
  'shift.countCurrency': 'Count the {{currency}} too (0 if there is none).',
  'shift.trainingNoOperator': 'A training shift has no operator to hand the drawer over from.',
  'shift.holdsDrawer': '{{name}} holds the drawer already: choose who takes it.',
  'shift.needsNote': '{{what}} needs a note and the supervisor PIN: write what happened in the note.',
  'shift.changedHands': 'The drawer changed hands meanwhile: count it again.',
  'shift.changedDuringCheck': 'The drawer changed during the check: {{what}} now needs the supervisor PIN.',
  'shift.changedDuringCheckNote':
    'The drawer changed during the check: {{what}} now needs a note and the supervisor PIN.',
  'shift.changedWhileClosing':
    'The drawer changed while the shift was closing: {{what}} now needs the supervisor PIN ({{figures}}). Count again if need be, then close with the supervisor.',
  'shift.changedWhileClosingNote':
    'The drawer changed while the shift was closing: {{what}} now needs a note and the supervisor PIN ({{figures}}). Count again if need be, then close with the supervisor.',
  'shift.onlyInDrawer': 'Only {{amount}} {{currency}} is expected in the drawer.',
  'shift.noZReport': 'Shift {{shiftId}} has no Z report.',
  'shift.notReconciled':
    'The gateway did not answer for {{unanswered}} of {{checked}} operations; the Z report stays "not reconciled" and is checked again by itself.',
  'shift.waitingForGateway': "Operation {{operationNumber}} is waiting for the gateway's answer.",
  'shift.closing': 'The shift is closing: no cash moves in it now. Open the next shift first.',
  'shift.startTraining': 'Start a training shift first (Home: Start training).',
  'shift.noneOpenLive':
    'No shift is open: in Live mode an operator signs in and opens one before any operation.',
  'shift.trainingOpen': 'A training shift is open: close it before working in Live.',
  'shift.liveOpen': 'A live shift is open: training operations never count in it.',
  'shift.noneOpen': 'No shift is open at this desk.',
  'shift.alreadyOpen': 'A shift is already open at this desk.',
  'shift.trainingOnlyInTraining': 'A training shift starts only while the desk is in training.',
  'shift.noSuchShift': 'No shift {{shiftId}} at this desk.',

  'checkout.noSuchOperation': 'No operation {{localId}} on this terminal.',
  'checkout.shopNotSetUp': 'Shop {{shopId}} is not set up on this terminal.',
  'checkout.amountRange': 'The amount must be between {{min}} and {{max}} {{currency}}.',
  'checkout.finerThanCash':
    'Cash in {{currency}} goes no finer than {{step}}: the amount must be a multiple of it.',
  'checkout.decimals': '{{currency}} takes at most {{places}} decimal places.',
  'checkout.numberTaken':
    'The gateway already holds operation number {{operationNumber}}: terminal ID {{terminalId}} may be in use at another desk. A supervisor must give this desk an ID of its own in Settings.',
  'checkout.sessionUnusable': 'This session can no longer be used. Start a new operation.',
  'checkout.sessionExpired': 'The session has expired. Start again with a new session.',
  'checkout.sessionClosed': 'This session was closed meanwhile. Start a new operation.',
  'checkout.creating': 'The operation is being created; wait for the answer.',
  'checkout.startAgainTraining': 'This is a training operation: start it again in training.',
  'checkout.startAgainLive': 'This is a live operation: start it again in Live.',
  'checkout.startAgainNotCreated': 'Only an operation the gateway never created can be started again.',
  'checkout.methodGone': 'This payment method is not offered for this shop any more.',
  'checkout.notAsked': 'The session did not ask for "{{name}}".',
  'checkout.required': '{{name}} is required.',
  'checkout.changed': 'This operation changed meanwhile: open it again to see where it stands.',

  'custody.released':
    'This payout was released to the branch: another desk hands it over, through the head office. Do not hand over cash here.',
  'custody.otherDesk': 'This operation was run at another desk; its cash is not ours to record.',
  'custody.trainingInLive':
    'This is a training operation: no real money moves for it while the desk is in Live.',
  'custody.liveInTraining':
    'This is a live operation: switch the desk to Live and sign in to record its cash.',
  'custody.noShift': 'Sign in to open a shift first: cash is recorded in the open shift.',
  'custody.mismatch':
    'The gateway holds other figures than those entered: a supervisor must settle it first.',
  'custody.correction': 'This is a correction: it moves no cash of its own. A supervisor settles it.',
  'custody.notCash': 'No cash moves at this desk for this payment method: it is not paid in cash.',
  'custody.notNow': 'No cash may move for this operation now.',
  'custody.changed': 'The operation changed meanwhile: read the screen again.',
  'custody.nothingOfThisDesk': 'There is no custody record of this desk to reverse.',
  'custody.nothingToReverse': 'There is no custody record to reverse.',
  'custody.reversalNoShift': 'Sign in to open a shift first: the reversal goes into the open shift.',

  'staff.deskLocked': "The desk is locked: the operator's PIN unlocks it.",
  'staff.shiftOpen': 'Close the shift before changing the gateway, the token or the mode.',
  'staff.liveNeedsSupervisor': 'Set a supervisor PIN before turning Live on.',
  'staff.liveNeedsTerminal':
    "Choose this desk's own terminal ID before turning Live on, not the default {{terminalId}}: two desks with one ID collide on operation numbers.",
  'staff.updateNeedsSupervisor': 'Set a supervisor PIN before setting an update URL.',
  'staff.enrolledTerminal':
    'This desk is enrolled at the head office under its terminal ID, which cannot change now.',
  'staff.terminalShiftOpen': 'The terminal ID cannot change while a shift is open.',
  'staff.terminalDefault': "Live needs this desk's own terminal ID, not the default.",
  'staff.noOperatorSignedIn': 'No operator is signed in at this desk.',
  'staff.noSuchOperator': 'No operator {{id}} at this desk.',
  'staff.operatorExists': 'There is already an operator called {{name}}.',
  'staff.operatorShiftOpen': "{{name}}'s shift is open: close it first.",
  'staff.supervisorPinLength': 'The supervisor PIN needs {{min}} to 8 digits.',
  'staff.currentPinToChange': 'Enter the current supervisor PIN to change it.',
  'staff.noSupervisorPin': 'No supervisor PIN is set yet.',
  'staff.setSupervisorPin': 'Set a supervisor PIN first.',
  'staff.supervisorOnly': 'Only a supervisor may do this: unlock with the supervisor PIN.',
  'staff.needsSupervisorPin': '{{what}} needs the supervisor PIN.',
  'staff.needsCurrentSupervisorPin': '{{what}} needs the current supervisor PIN.',
  'pin.lockedOut': '{{owner}} is locked out after {{failures}} wrong PINs: {{unlock}}',
  'pin.notSet': '{{owner}} has no PIN set.',
  'pin.wait': 'Too many wrong PINs: try again after {{retryAt}}.',
  'pin.wrongWait': 'Wrong PIN. The next try is checked from {{retryAt}}.',
  'pin.wrongLeft': 'Wrong PIN. {{left}} more tries before a wait.',
  'pin.wrongOneLeft': 'Wrong PIN. 1 more try before a wait.',
  'pin.weak': 'Choose a PIN that is not one digit repeated or a straight run.',
  'pin.tamperedSupervisor':
    'The supervisor\'s PIN was changed outside CashDesk, so it is refused. Reset the supervisor PIN as "A forgotten supervisor PIN" in the README describes, and find out who could write to the data folder.',
  'pin.tamperedOperator':
    "Operator {{name}}'s PIN was changed outside CashDesk, so it is refused. A supervisor must give them a new PIN (Settings, Operators).",
  'pin.otherMachine':
    'The PINs in this database were made on another machine: the supervisor must set the PINs again (Settings).',
  'pin.supervisorTaken': 'That is the supervisor’s PIN: each person at the desk needs a PIN of their own.',
  'pin.operatorTakenForSupervisor':
    'An operator already has that PIN: the supervisor needs a PIN no one else has.',
  'pin.operatorTaken': 'Another operator already has that PIN: choose a different one.',

  'settings.noFolder': 'There is no folder {{folder}}.',
  'settings.noGatewayUrl': 'No gateway address is configured.',
  'settings.liveNeedsGatewayUrl': 'Set the gateway address before switching to live.',
  'settings.noToken': 'No token is set for shop {{shopId}} at {{gatewayUrl}}.',
  'settings.noTokenNoGateway': 'No token is set for shop {{shopId}}: no gateway address is configured.',

  'training.refused': 'The training gateway refused the confirmation (HTTP {{status}}).',
  'training.noAnswer': 'The training gateway did not answer.',
  'training.onlyCreated': 'Only a created training operation can be confirmed here.',
  'training.noAnswerAfter': 'The training gateway did not answer after the confirmation.',
  'training.onlyInTraining': 'The training gateway runs only while the desk is in training.',

  'export.noDialog': 'Nothing can ask where to save a file here.',
  'export.notThere': 'The file could not be written there. Choose another folder.',
  'export.appeared': 'A file of that name appeared meanwhile; it was left as it is. Export again.',
  'export.backupFailed': 'The backup to {{folder}} failed: {{detail}}',
  'export.chooseBackupFolder': 'Choose a backup folder in Settings first.',
  'diagnostics.absoluteZip': 'Choose an absolute path to a .zip file.',
  'diagnostics.noFolder': 'The folder for the diagnostics file does not exist.',
  'diagnostics.notWritten': 'The diagnostics file could not be written there.',

  'receipts.none':
    'No receipt for this operation now: the gateway does not hold it, holds other figures than those entered, or its cash is not recorded yet.',
  'receipts.noPdf': 'Nothing can make a PDF here.',
  'receipts.noMovement': 'No cash movement {{movementId}} at this desk.',

  'headOffice.notEnrolled': 'This desk is not enrolled at a head office.',
  'headOffice.notLiveCashPayout':
    'Only a live cash payout, at a desk in Live, can be handed over at another desk.',
  'headOffice.notCaptured': 'The gateway has not captured this payout: no cash is owed for it yet.',
  'headOffice.handedOver': 'The cash for this payout has been handed over already.',
  'headOffice.onlyStartingDesk': 'Only the desk that started this payout can release it.',
  'headOffice.disagree':
    'The head office and the gateway disagree about this payout. Do not hand over cash: call the head office.',
  'headOffice.ownPayout': 'This payout was started at this desk: it is not claimed from another.',
  'headOffice.signIn': 'Sign in to open a shift first.',
  'headOffice.notConfirmed':
    'The head office has not confirmed that this desk may hand over this payout. Do not hand over cash.',
  'headOffice.otherTerminal': 'This desk is enrolled under another terminal ID.',
  'headOffice.noAnswer': 'The head office did not answer. Check its address and the network, then try again.',
  'headOffice.refused': 'The head office refused ({{status}}).',
  'headOffice.unreadable': 'The head office answered in a form this desk cannot read.',
  'headOffice.notUrl':
    'This is not a web address. Enter the head office address, like https://hq.example.com.',
  'headOffice.urlCredentials': 'The head office address must not hold a name or password.',
  'headOffice.urlHttps':
    'The head office address must start with https:// (http:// only for a head office on this computer).',
  'hq.enrolInvalid': 'Send the enrolment code and the terminal ID.',
  'hq.enrolKey': "The desk's public key is not an Ed25519 key.",
  'hq.enrolTerminal':
    'This code was issued for terminal {{expected}}, not {{terminalId}}. Ask for a new code.',
  'hq.enrolUnknown':
    'This enrolment code is unknown, used already or expired. Ask a head-office admin for a new one.',
  'hq.tokenRejected':
    'The head office does not accept this desk token (revoked or never issued). Ask a head-office admin for a new enrolment code.',
  'hq.batchInvalid': 'The batch is not valid: {{detail}}',
  'hq.batchTerminal': 'This token belongs to terminal {{terminalId}}; send only its entries.',
  'hq.batchOrder': 'Send entries in ascending seq.',
  'hq.signatureInvalid':
    "This batch is not signed with this desk's key. The head office stored nothing and raised an alarm; the desk must enrol again.",
  'hq.signatureMissing':
    'This desk signs its batches, and this one is unsigned. The head office stored nothing and raised an alarm.',
  'hq.payoutNotFound': 'The head office holds no payout of this branch with this number.',
  'hq.claimNotFound':
    'The head office holds no payout of this branch with this number. Do not hand over cash.',
  'hq.claimOperator': 'Send the operator handing the cash over.',
  'hq.ownPayout':
    'This payout was started at this desk: hand it over here only if this desk has not released it.',
  'hq.notCaptured': 'The gateway has not captured this payout. Do not hand over cash.',
  'hq.handedOver': 'This payout has been handed over already. Do not hand over cash.',
  'hq.notReleased':
    'Desk {{terminalId}} has not released this payout yet: only that desk may hand it over for now. Do not hand over cash.',
  'hq.claimedHere':
    'This desk has claimed this payout already: record the handover if the cash has not gone out yet.',
  'hq.claimedBy': 'Desk {{terminalId}} claimed this payout first. Do not hand over cash here.',
  'hq.requestInvalid': 'The request is not valid.',
  'hq.invalid': '{{what}} ({{detail}})',
  'hq.noRoute': 'No such route.',
  'hq.sendValidJson': 'Send valid JSON.',
  'hq.tooLarge': 'The request is larger than the head office accepts (8 MB). Send fewer entries at a time.',
  'hq.unavailable': 'The head office lost its database connection for a moment. Try again shortly.',
  'hq.server': 'The head office failed to answer. Try again; if it persists, tell IT.',
  'hq.badValue': 'The request holds a value the head office cannot store.',
  'hq.collides': 'The request collides with what the head office holds.',
  'hq.forbidden': 'This belongs to another branch.',
  'hq.signIn': 'Sign in first.',
  'hq.csrf': 'This request did not come from the dashboard. Reload the page.',
  'hq.adminOnly': 'Only a head-office admin may do this.',
  'hq.sendJson': 'Send JSON.',
  'hq.tooManyLogins': 'Too many attempts. Try again in {{minutes}} minutes.',
  'hq.wrongLogin': 'Wrong username or password.',
  'hq.giveLogin': 'Enter your username and password.',
  'hq.branchExists': 'A branch has this name already.',
  'hq.giveBranchName': 'Give the branch a name.',
  'hq.noBranch': 'No such branch.',
  'hq.noDesk': 'No such desk.',
  'hq.chooseBranchTerminal': 'Choose a branch and give the terminal ID.',
  'hq.noLiveDesk': 'No desk with a live token has this terminal ID.',
  'hq.usernameTaken': 'This username is taken.',
  'hq.userFields': 'A username, a role, and a branch for a supervisor (none for an admin).',
  'hq.noEnrolledDesk': 'No desk is enrolled with this terminal ID.',
  'hq.giveTerminal': 'Give the terminal ID.',
  'hq.noLostAlarm': 'No alarm of lost entries has this number.',
  'hq.alarmNumber': 'An alarm number.',
  'hq.alarmResolved': 'This alarm has been resolved already.',
  'hq.noAlarm': 'No alarm has this number.',
  'hq.sayResolution': 'Say what was done about the alarm.',
  'hq.threshold': 'A threshold like 100.00.',
  'hq.searchNumber': 'An operation number of at most 64 characters.',
  'headOffice.holdCash': '{{reason}} Do not hand over cash.',
  'reset.notAsked': 'No reset was asked for: put the {{file}} file in the data folder first.',
  'reset.malformed': 'This is not a head-office reset code. Check it with the head office and type it again.',
  'reset.forged': 'The head office did not issue this code. Ask the head office for a new one.',
  'reset.otherTerminal':
    'This code was issued for another desk. Ask the head office for a code for this terminal.',
  'reset.expired': 'This code has expired. Ask the head office for a new one.',
  'reset.used': 'This code has been used already. Ask the head office for a new one.',

  'gateway.answered': 'The gateway answered: {{detail}}',
  'storage.full':
    'The disk is full: CashDesk cannot record anything. Free space, then try again. Do not hand over or take cash until it is recorded.',
  'storage.readOnly':
    "CashDesk's data folder has become read-only: nothing can be recorded. Ask IT to make it writable again, then try again. Do not hand over or take cash until it is recorded.",
  'storage.corrupt':
    'The local database is damaged: CashDesk cannot trust what it reads. Do not hand over or take cash. Call a supervisor: export diagnostics, then restore the latest backup.',
  'storage.busy':
    'The local database is held by another program (a backup or an antivirus scan): nothing was recorded. Try again in a moment. Do not hand over or take cash until it is recorded.',
  'storage.io':
    'The disk could not be read or written: nothing was recorded. Check the disk, then try again. Do not hand over or take cash until it is recorded.',
  'storage.failed': 'CashDesk could not read or write its data: {{detail}}',
  'core.internal': 'Something went wrong inside CashDesk.',
  'core.closing': 'CashDesk is closing.',
  'core.restarting':
    'CashDesk stopped before it answered and is starting again; it will find out what happened.',
  'core.gaveUp':
    'CashDesk stopped several times in a row and was not started again. Close CashDesk and start it again; every operation is saved.',
  'core.invalidInput': 'The request is not valid: {{detail}}',
  'core.unknownChannel': 'Unknown channel.',
  'core.untrustedSender': 'Untrusted sender.',
} as const;
