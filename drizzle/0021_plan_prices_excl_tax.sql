-- Decision 041: the transport companies' plan is priced before VAT. The tariffs setting (site_settings 'tariffs',
-- JSON text) held every price VAT included; its two transporter prices become prices before VAT. For a stored
-- price of g cents VAT included, the price before VAT is the largest whole number of cents h whose price with VAT,
-- h + round_half_up(h × 20 / 100), is not above g: round_half_up(g × 100 / 120) (core splitVat), one cent less if
-- that one's price with VAT is above g. Members are then charged exactly what they were when such an h exists
-- (five prices in six, the specification's 89,90 € → 74,92 € HT and 889,90 € → 741,58 € HT among them), else one
-- cent less, never more. The row is kept and its other keys are untouched; a setting the app cannot read (it then
-- shows the defaults, already before VAT) is left as it is.
DO $$
DECLARE
  stored jsonb;
  tariff text;
  gross numeric;
  net numeric;
BEGIN
  SELECT "value"::jsonb INTO stored FROM "site_settings" WHERE "key" = 'tariffs' FOR UPDATE;
  IF stored IS NULL OR jsonb_typeof(stored) <> 'object' THEN
    RETURN;
  END IF;
  FOREACH tariff IN ARRAY ARRAY['transporterMonthly', 'transporterAnnual'] LOOP
    IF jsonb_typeof(stored -> tariff) = 'number' AND (stored ->> tariff)::numeric >= 0 THEN
      gross := round((stored ->> tariff)::numeric * 100);
      net := round(gross * 100 / 120);
      IF net + round(net * 20 / 100) > gross THEN
        net := net - 1;
      END IF;
      stored := jsonb_set(stored, ARRAY[tariff], to_jsonb((net / 100)::numeric(12, 2)));
    END IF;
  END LOOP;
  UPDATE "site_settings" SET "value" = stored::text, "updated_at" = now() WHERE "key" = 'tariffs';
EXCEPTION WHEN invalid_text_representation THEN
  -- Not JSON: the app reads it as the defaults.
  NULL;
END $$;
