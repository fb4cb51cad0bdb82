-- Appending to a document's audit chain in one round trip (documents/audit-chain.ts,
-- `appendEvent`): the advisory lock on the document, its last event and the insert, each a
-- statement of its own inside the function, so the last event is read after the lock is held.
-- The caller sends the event's canonical JSON around its number (`head` ends with `"seq":`,
-- `tail` starts after it): the hash is SHA-256 over the previous hash, a newline and that JSON,
-- as `eventHash` computes it.
CREATE FUNCTION pactum_append_event(
  event_collection text,
  event_document_id uuid,
  event_name text,
  event_party text,
  event_section_id uuid,
  event_user_id uuid,
  event_data jsonb,
  event_created_at timestamptz,
  head text,
  tail text
) RETURNS TABLE (id uuid, seq integer, prev_hash text, hash text) LANGUAGE plpgsql AS $$
DECLARE
  last_seq integer;
  last_hash text;
  next_seq integer;
  next_hash text;
  new_id uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(
    hashtextextended('document-event:' || event_collection || ':' || event_document_id::text, 0));
  SELECT e.seq, e.hash INTO last_seq, last_hash FROM document_event e
    WHERE e.collection = event_collection AND e.document_id = event_document_id
      AND e.seq IS NOT NULL
    ORDER BY e.seq DESC LIMIT 1;
  next_seq := coalesce(last_seq, 0) + 1;
  next_hash := encode(sha256(convert_to(
    coalesce(last_hash, '') || E'\n' || head || next_seq::text || tail, 'UTF8')), 'hex');
  INSERT INTO document_event AS e (collection, document_id, event, party, section_id, user_id,
      data, created_at, seq, prev_hash, hash)
    VALUES (event_collection, event_document_id, event_name, event_party, event_section_id,
      event_user_id, event_data, event_created_at, next_seq, last_hash, next_hash)
    RETURNING e.id INTO new_id;
  RETURN QUERY SELECT new_id, next_seq, last_hash, next_hash;
END $$;
