-- More of what Karachi shoppers ask a shoe shop for that one like the demo shop does not sell: the
-- shoe and fashion brands of its malls and markets not in 0040 (Hush Puppies typed as two words is
-- 'hush'), socks as they are said in Urdu, bags and carry-alls, and boots and sports kit by their
-- other names. None of these words is in the demo catalogue's names or descriptions (checked; 'jeans'
-- and 'trouser' are, in "pairs well with jeans", and stay out). The owner deletes a word at
-- /admin/searches when the shop starts selling it; ON CONFLICT DO NOTHING only adds.
INSERT INTO "not_sold_words" ("word", "kind") VALUES
	('hush', 'brand'), ('mochari', 'brand'), ('starlet', 'brand'), ('khaadi', 'brand'), ('outfitters', 'brand'),
	('sapphire', 'brand'), ('limelight', 'brand'), ('bareeze', 'brand'), ('aldo', 'brand'),
	('timberland', 'brand'), ('caterpillar', 'brand'),
	('jorab', 'other product'), ('jurabain', 'other product'), ('jurabein', 'other product'),
	('moze', 'other product'), ('mozay', 'other product'), ('clutch', 'other product'),
	('tote', 'other product'), ('backpack', 'other product'), ('shoehorn', 'other product'),
	('gumboot', 'other product'), ('gumboots', 'other product'), ('wellies', 'other product'),
	('skates', 'other product'), ('cleats', 'other product'), ('spikes', 'other product')
ON CONFLICT DO NOTHING;
