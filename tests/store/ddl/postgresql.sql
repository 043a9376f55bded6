CREATE TABLE dn_campaign (
	name VARCHAR(200) NOT NULL, 
	layout VARCHAR NOT NULL, 
	layout_seed INTEGER, 
	dice_seed VARCHAR NOT NULL, 
	file_hashes TEXT NOT NULL, 
	profile_hash VARCHAR NOT NULL, 
	PRIMARY KEY (name)
);
CREATE TABLE dn_campaign_dice (
	campaign_name VARCHAR(200) NOT NULL, 
	mode VARCHAR NOT NULL, 
	PRIMARY KEY (campaign_name), 
	FOREIGN KEY(campaign_name) REFERENCES dn_campaign (name)
);
CREATE TABLE dn_event (
	id SERIAL NOT NULL, 
	campaign_name VARCHAR(200) NOT NULL, 
	seq INTEGER NOT NULL, 
	batch INTEGER NOT NULL, 
	order_text TEXT NOT NULL, 
	type VARCHAR NOT NULL, 
	payload TEXT NOT NULL, 
	prev_hash VARCHAR NOT NULL, 
	hash VARCHAR NOT NULL, 
	PRIMARY KEY (id), 
	CONSTRAINT uq_dn_event_seq UNIQUE (campaign_name, seq), 
	FOREIGN KEY(campaign_name) REFERENCES dn_campaign (name)
);
CREATE INDEX ix_dn_event_campaign_name ON dn_event (campaign_name);
CREATE TABLE dn_fair_pass (
	campaign_name VARCHAR(200) NOT NULL, 
	exchange INTEGER NOT NULL, 
	side VARCHAR NOT NULL, 
	body TEXT NOT NULL, 
	PRIMARY KEY (campaign_name, exchange)
);
CREATE TABLE dn_fair_secret (
	campaign_name VARCHAR(200) NOT NULL, 
	side VARCHAR NOT NULL, 
	secrets TEXT NOT NULL, 
	PRIMARY KEY (campaign_name)
);
CREATE TABLE dn_pbem_envelope (
	campaign_name VARCHAR(200) NOT NULL, 
	exchange INTEGER NOT NULL, 
	header TEXT NOT NULL, 
	signature TEXT, 
	PRIMARY KEY (campaign_name, exchange)
);
CREATE TABLE dn_pbem_file (
	campaign_name VARCHAR(200) NOT NULL, 
	exchange INTEGER NOT NULL, 
	side VARCHAR NOT NULL, 
	direction VARCHAR NOT NULL, 
	base_seq INTEGER NOT NULL, 
	head_seq INTEGER NOT NULL, 
	head_hash VARCHAR NOT NULL, 
	commitment VARCHAR NOT NULL, 
	reveal VARCHAR, 
	body_sha256 VARCHAR NOT NULL, 
	PRIMARY KEY (campaign_name, exchange)
);
CREATE TABLE dn_pbem_fork (
	id SERIAL NOT NULL, 
	campaign_name VARCHAR(200) NOT NULL, 
	exchange INTEGER NOT NULL, 
	base_seq INTEGER NOT NULL, 
	kept_sha256 VARCHAR NOT NULL, 
	dropped_sha256 VARCHAR NOT NULL, 
	dropped_events TEXT NOT NULL, 
	reason TEXT NOT NULL, 
	PRIMARY KEY (id)
);
CREATE INDEX ix_dn_pbem_fork_campaign_name ON dn_pbem_fork (campaign_name);
CREATE TABLE dn_pbem_player (
	campaign_name VARCHAR(200) NOT NULL, 
	side VARCHAR NOT NULL, 
	signed_since INTEGER, 
	PRIMARY KEY (campaign_name)
);
CREATE TABLE dn_pbem_secret (
	campaign_name VARCHAR(200) NOT NULL, 
	exchange INTEGER NOT NULL, 
	secret VARCHAR NOT NULL, 
	PRIMARY KEY (campaign_name, exchange)
);
CREATE TABLE dn_pbem_setup (
	campaign_name VARCHAR(200) NOT NULL, 
	mode VARCHAR NOT NULL, 
	shared_seed VARCHAR NOT NULL, 
	PRIMARY KEY (campaign_name)
);
CREATE TABLE dn_pbem_withdrawal (
	id SERIAL NOT NULL, 
	campaign_name VARCHAR(200) NOT NULL, 
	exchange INTEGER NOT NULL, 
	body_sha256 VARCHAR NOT NULL, 
	reason TEXT NOT NULL, 
	PRIMARY KEY (id)
);
CREATE INDEX ix_dn_pbem_withdrawal_campaign_name ON dn_pbem_withdrawal (campaign_name);
CREATE TABLE dn_schema_info (
	id INTEGER NOT NULL, 
	version INTEGER NOT NULL, 
	app_version VARCHAR, 
	PRIMARY KEY (id)
);
CREATE TABLE dn_snapshot (
	campaign_name VARCHAR(200) NOT NULL, 
	seq INTEGER NOT NULL, 
	event_hash VARCHAR NOT NULL, 
	digest VARCHAR NOT NULL, 
	state TEXT NOT NULL, 
	PRIMARY KEY (campaign_name, seq), 
	FOREIGN KEY(campaign_name) REFERENCES dn_campaign (name)
);
CREATE TABLE dn_snapshot_seal (
	campaign_name VARCHAR(200) NOT NULL, 
	seq INTEGER NOT NULL, 
	mac VARCHAR NOT NULL, 
	PRIMARY KEY (campaign_name, seq), 
	FOREIGN KEY(campaign_name) REFERENCES dn_campaign (name)
);
CREATE TABLE dn_strict_pending (
	campaign_name VARCHAR(200) NOT NULL, 
	side VARCHAR NOT NULL, 
	order_text TEXT NOT NULL, 
	PRIMARY KEY (campaign_name)
);
