-- More of what a shoe shop like the demo one does not sell (issue 52's judged set: 'boots', 'insoles',
-- 'laces' and 'shalwar kameez' showed pairs that only mention the word, or a boat shoe for 'boot'):
-- boots, care and spare parts, and clothes. The owner deletes a word at /admin/searches when the shop
-- starts selling it; a word the owner deleted before stays deleted (ON CONFLICT DO NOTHING only adds).
INSERT INTO "not_sold_words" ("word", "kind") VALUES
	('boot', 'other product'), ('boots', 'other product'), ('insole', 'other product'),
	('insoles', 'other product'), ('lace', 'other product'), ('laces', 'other product'),
	('shoelace', 'other product'), ('shoelaces', 'other product'), ('kameez', 'other product'),
	('shalwar', 'other product'), ('kurta', 'other product'), ('dupatta', 'other product')
ON CONFLICT DO NOTHING;
