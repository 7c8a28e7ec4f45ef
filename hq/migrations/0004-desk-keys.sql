-- Each desk's Ed25519 public key, registered at its enrolment: HQ stores a batch only once the
-- desk's signature over it holds, so a copied bearer token alone writes no money fact. A desk
-- enrolled before desks signed has none until it enrols again, and its batches go as before.
ALTER TABLE hq_desks ADD COLUMN public_key text;
-- A batch refused for its signature (missing, or not the desk's key's) is an alarm of its own.
ALTER TABLE hq_alarms DROP CONSTRAINT hq_alarms_kind_check;
ALTER TABLE hq_alarms ADD CONSTRAINT hq_alarms_kind_check CHECK (kind IN ('conflict', 'chain', 'double_handover', 'disagreement', 'finding', 'signature'));
